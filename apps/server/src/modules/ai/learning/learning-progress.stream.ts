import type { LearningProgress } from '@stratos/contracts/ai/learning.schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { streamProgress } from '../../../lib/progress-stream';
import type { LearningService } from './learning.service';

/**
 * Streams the cycle in progress and ends after it finishes (or at once, with an idle event, when
 * none runs): events come at once from a cycle in this process and from the lease row for one
 * elsewhere; a cycle that ended elsewhere is closed with the status its lease row kept.
 */
export function streamLearningProgress(
  request: FastifyRequest,
  reply: FastifyReply,
  learning: LearningService,
) {
  return streamProgress<LearningProgress>(request, reply, {
    name: 'learning',
    subscribe: (on) => learning.subscribe(on),
    poll: async (last) => {
      const { running, lastStatus } = await learning.progressState();
      if (running) return running;
      if (last?.status !== 'running') return null;
      return { ...last, isRunning: false, status: lastStatus === 'failed' ? 'failed' : 'succeeded' };
    },
    running: (p) => p.status === 'running',
    idle: { isRunning: false },
  });
}
