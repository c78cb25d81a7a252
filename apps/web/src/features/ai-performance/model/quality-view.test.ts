import { describe, expect, it } from 'vitest';
import { goodShare, totalReplies } from './quality-view';

describe('quality view', () => {
  const counts = { poor: 1, fair: 1, good: 3, excellent: 1, canned: 2, forced: 1, error: 1 };
  it('counts replies and the good-or-better share', () => {
    expect(totalReplies(counts)).toBe(10);
    expect(goodShare(counts)).toBe(0.4);
    expect(
      goodShare({
        ...counts,
        ...{ poor: 0, fair: 0, good: 0, excellent: 0, canned: 0, forced: 0, error: 0 },
      }),
    ).toBeNull();
  });
});
