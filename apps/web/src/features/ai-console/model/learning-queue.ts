import type { LearningStatus } from '@stratos/contracts/ai/learning.schema';
import { plural, when } from './format';

/**
 * The Learning tab's line on the per-interaction queue (ai_learning_queue): how many interactions
 * wait to be learned from and since when, as the status endpoint reads it from the table.
 */
export function queueLine(queue: LearningStatus['queue']): string {
  if (queue.waiting === 0 || !queue.oldestQueuedAt) return 'Learning queue: no interactions waiting.';
  return `Learning queue: ${plural(queue.waiting, 'interaction')} waiting, the oldest queued ${when(queue.oldestQueuedAt)}.`;
}
