import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, passwordProblem, passwordSchema } from './password';

describe('password rules', () => {
  it.each([
    ['', PASSWORD_MESSAGES.required],
    ['Ab1', PASSWORD_MESSAGES.tooShort],
    ['abcdefgh', PASSWORD_MESSAGES.weak],
    ['ABCDEFG1', PASSWORD_MESSAGES.weak],
    ['Abcdefgh', PASSWORD_MESSAGES.weak],
    ['Abcdefg1', null],
  ])('%j -> %s', (pw, expected) => {
    expect(passwordProblem(pw)).toBe(expected);
    expect(passwordSchema.safeParse(pw).success).toBe(expected === null);
  });
});
