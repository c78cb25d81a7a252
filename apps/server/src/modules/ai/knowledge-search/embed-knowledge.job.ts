import { z } from 'zod';
import type { AppContext } from '../../../app-context';
import { defineJob } from '../../../jobs/job';
import { knowledgeSearchServicesFor } from './knowledge-search-services';

export const EMBED_KNOWLEDGE_JOB = 'ai.embed-knowledge';

/**
 * Every minute: embeds knowledge items whose embeddings are pending (seeded while no provider
 * answered, or written since). A seed or an API write also kicks a run in its own process.
 */
export function embedKnowledgeJob(ctx: AppContext) {
  return defineJob({
    name: EMBED_KNOWLEDGE_JOB,
    intervalMs: 60 * 1000,
    payload: z.object({}),
    defaultPayload: {},
    handler: async (_payload, run) => {
      const r = await knowledgeSearchServicesFor(ctx).embeddings.fillPending(run.signal);
      await run.progress(
        `embedded ${r.embedded}, pending ${r.pending}${r.noProvider ? '; stopped: no embedding provider answered' : ''}`,
      );
    },
  });
}
