import { randomUUID } from 'node:crypto';
import type { EnhancementQueryBody, EnhancementQueryReply } from '@stratos/contracts/ai/extraction.schema';
import type { AuthUser } from '../../../plugins/auth-guard';
import type { KnowledgeDataService } from '../knowledge/knowledge-data.service';
import type { AiRouter } from '../providers/ai-router';
import { priorityOf } from '../seeding/seed-rows';

/** Section 7: the superadmin query asks gpt-4 (or the best available) with these settings. */
export const ENHANCEMENT_MODEL = 'gpt-4';
export const ENHANCEMENT_MAX_TOKENS = 1000;
export const ENHANCEMENT_TEMPERATURE = 0.7;

export type EnhancementActor = Pick<AuthUser, 'id' | 'email' | 'role' | 'permissions'>;

export interface EnhancementServiceDeps {
  router: Pick<AiRouter, 'generate'>;
  knowledge: Pick<KnowledgeDataService, 'insertAll'>;
}

/**
 * The superadmin's enhancement query (part 2 section 7): one call through the router with the
 * caller's role, email and capabilities as context; the result can be kept in
 * ai_knowledge_enhancement and, as an insight pointing at it, in ai_insights (both or neither).
 */
export class EnhancementService {
  constructor(private readonly d: EnhancementServiceDeps) {}

  async query(actor: EnhancementActor, body: EnhancementQueryBody): Promise<EnhancementQueryReply> {
    const context = {
      role: actor.role,
      email: actor.email,
      capabilities: actor.permissions,
    };
    const result = await this.d.router.generate({
      userId: actor.id,
      prompt: body.query,
      system: [
        "You answer the platform superadmin's questions about the AI knowledge base and how to improve it.",
        `Context: ${JSON.stringify(context)}`,
      ].join('\n'),
      model: body.model ?? ENHANCEMENT_MODEL,
      maxTokens: ENHANCEMENT_MAX_TOKENS,
      temperature: ENHANCEMENT_TEMPERATURE,
      operation: 'enhancement',
    });
    const tokens = result.usage.totalTokens;
    let stored: EnhancementQueryReply['stored'] = null;
    if (body.store) {
      const enhancementId = randomUUID();
      const insightId = `enhancement-${enhancementId}`;
      const priority = priorityOf(result.text).toLowerCase() as 'high' | 'medium' | 'low';
      await this.d.knowledge.insertAll(actor, [
        {
          table: 'ai_knowledge_enhancement',
          record: {
            id: enhancementId,
            enhancement_type: 'superadmin_query',
            knowledge_data: {
              query: body.query,
              response: result.text,
              model: result.model,
              provider: result.provider,
              context,
            },
            conversation_exchanges: [
              { role: 'user', content: body.query },
              { role: 'assistant', content: result.text },
            ],
            total_tokens: tokens,
            total_cost: result.cost,
          },
        },
        {
          table: 'ai_insights',
          record: {
            user_id: actor.id,
            insight_id: insightId,
            type: 'knowledge_enhancement',
            title: clip(body.query, 500),
            description: clip(result.text, 10_000),
            priority,
            category: 'knowledge',
            actionable: priority !== 'low',
            metadata: {
              enhancementId,
              model: result.model,
              provider: result.provider,
              tokens,
              cost: result.cost,
            },
          },
        },
      ]);
      stored = { enhancementId, insightId };
    }
    return {
      success: true,
      response: result.text,
      model: result.model,
      provider: result.provider,
      tokens,
      cost: result.cost,
      responseTimeMs: result.responseTimeMs,
      stored,
    };
  }
}

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 3)}...`);
