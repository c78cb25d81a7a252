import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { INCORRECT_PASSWORD, LINK_UNAVAILABLE, shareProblem } from './public-share';

describe('shareProblem', () => {
  it('reads expired, revoked and unknown links as no longer available', () => {
    expect(shareProblem(new ApiError(404, 'NOT_FOUND', 'Not found')).message).toBe(LINK_UNAVAILABLE);
    expect(shareProblem(new ApiError(410, 'SHARE_EXPIRED', 'Gone')).kind).toBe('unavailable');
  });

  it('reads a refused password as an incorrect password', () => {
    expect(shareProblem(new ApiError(401, 'INVALID_PASSWORD', 'x')).message).toBe(INCORRECT_PASSWORD);
    expect(shareProblem(new ApiError(403, 'FORBIDDEN', 'x')).kind).toBe('password');
    expect(shareProblem(new ApiError(400, 'PASSWORD_REQUIRED', 'x')).kind).toBe('password');
  });

  it('passes other errors through', () => {
    expect(shareProblem(new ApiError(500, 'INTERNAL', 'Server error'))).toEqual({
      kind: 'other',
      message: 'Server error',
    });
  });
});
