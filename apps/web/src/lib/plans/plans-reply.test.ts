import { plansReplySchema } from '@stratos/contracts/plans/plan.schema';
import { describe, expect, it } from 'vitest';
import { plansFromReply } from './plans-reply';

const plan = {
  id: 'pro',
  name: 'Pro',
  price: 1999,
  storageBytes: 100 * 1024 ** 3,
  aiQueriesPerMonth: null,
  features: ['Everything in Basic'],
  popular: true,
};

// Every case goes through the hand check and the contract schema: they must agree.
const cases: [string, unknown][] = [
  [
    'a valid reply',
    { success: true, plans: [plan, { ...plan, id: 'free', storageBytes: null, popular: false }] },
  ],
  ['no plans', { success: true, plans: [] }],
  ['extra keys (dropped)', { success: true, extra: 1, plans: [{ ...plan, extra: 'x' }] }],
  ['success false', { success: false, plans: [plan] }],
  ['no plans array', { success: true, plans: 'none' }],
  ['null', null],
  ['a fractional price', { success: true, plans: [{ ...plan, price: 19.99 }] }],
  ['a fractional AI quota', { success: true, plans: [{ ...plan, aiQueriesPerMonth: 1.5 }] }],
  ['a missing name', { success: true, plans: [{ ...plan, name: undefined }] }],
  ['storage as text', { success: true, plans: [{ ...plan, storageBytes: '1' }] }],
  ['an infinite storage', { success: true, plans: [{ ...plan, storageBytes: Number.POSITIVE_INFINITY }] }],
  ['a feature that is not text', { success: true, plans: [{ ...plan, features: ['a', 2] }] }],
  ['popular as text', { success: true, plans: [{ ...plan, popular: 'yes' }] }],
  ['a plan that is null', { success: true, plans: [null] }],
];

describe('plansFromReply', () => {
  it.each(cases)('answers as plansReplySchema does for %s', (_, reply) => {
    const schema = plansReplySchema.safeParse(reply);
    expect(plansFromReply(reply)).toEqual(schema.success ? schema.data.plans : null);
  });
});
