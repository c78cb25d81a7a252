import { describe, expect, it } from 'vitest';
import { when } from './format';
import { queueLine } from './learning-queue';

describe('queueLine', () => {
  it('says nothing waits when the queue is empty', () => {
    expect(queueLine({ waiting: 0, oldestQueuedAt: null })).toBe('Learning queue: no interactions waiting.');
  });

  it('gives the count and when the oldest was queued', () => {
    const at = '2026-11-26T07:15:02.000Z';
    expect(queueLine({ waiting: 1, oldestQueuedAt: at })).toBe(
      `Learning queue: 1 interaction waiting, the oldest queued ${when(at)}.`,
    );
    expect(queueLine({ waiting: 3, oldestQueuedAt: at })).toBe(
      `Learning queue: 3 interactions waiting, the oldest queued ${when(at)}.`,
    );
  });
});
