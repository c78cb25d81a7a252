import type { ExtractionProgress } from '@stratos/contracts/ai/extraction.schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { streamProgress } from '../../../lib/progress-stream';
import type { ExtractionService } from './extraction.service';

/**
 * Streams the extraction in progress and ends after it finishes (or at once, with an idle event,
 * when none runs): events come at once from a run in this process and from the lease row (polled)
 * for a run elsewhere, which says itself when it ended.
 */
export function streamExtractionProgress(
  request: FastifyRequest,
  reply: FastifyReply,
  extraction: ExtractionService,
) {
  return streamProgress<ExtractionProgress>(request, reply, {
    name: 'extraction',
    subscribe: (on) => extraction.subscribe(on),
    poll: () => extraction.progress(),
    running: (p) => p.isExtracting,
    idle: { isExtracting: false },
  });
}
