import {
  type Interaction,
  KNOWLEDGE_DATA_ERRORS,
  type KnowledgeItem,
  type TableCounts,
} from '@stratos/contracts/ai/knowledge-data.schema';
import { AppError, badRequest } from '../../../lib/app-error';
import {
  type DataActor,
  databaseAccessRefused,
  invalidRecord,
  isSuperadmin,
  writeRefusal,
} from './knowledge-access';
import type {
  InteractionRow,
  KnowledgeDataRepository,
  KnowledgeRow,
  NewKnowledgeRow,
} from './knowledge-data.repository';
import { type AiTableEntry, aiTable, toApiRow, toInsertValues } from './knowledge-tables';

const total = (counts: TableCounts) => Object.values(counts).reduce((a, b) => a + b, 0);

/**
 * The AI data calls of part 2 section 7: records into the ten AI tables (the superadmin writes the
 * platform's knowledge; a user writes only interactions, always as their own), the tables' counts
 * and the knowledge base and interaction lists.
 */
export class KnowledgeDataService {
  constructor(private readonly repo: KnowledgeDataRepository) {}

  /** The AI tables come from the migrations: checks they are all there and counts their rows. */
  async init(actor: DataActor): Promise<{ tables: TableCounts; totalRecords: number }> {
    if (!isSuperadmin(actor)) throw databaseAccessRefused();
    const missing = await this.repo.missingTables();
    if (missing.length > 0) {
      throw new AppError(
        503,
        'AI_TABLES_MISSING',
        `AI tables missing (migrations not applied): ${missing.join(', ')}`,
      );
    }
    const tables = await this.repo.tableCounts();
    return { tables, totalRecords: total(tables) };
  }

  async stats() {
    const tables = await this.repo.tableCounts();
    const counts = Object.values(tables);
    return {
      tables,
      totalRecords: total(tables),
      tablesWithData: counts.filter((n) => n > 0).length,
      totalTables: counts.length,
    };
  }

  async insert(actor: DataActor, tableName: string, record: Record<string, unknown>) {
    const entry = this.writable(actor, tableName);
    const values = this.values(actor, entry, record, ['record']);
    const row = await this.write(entry, () => this.repo.insertOne(entry, values));
    return { table: entry.name, data: toApiRow(entry, row) };
  }

  /**
   * Records of several tables (the enhancement query's result and its insight): every one is
   * checked first, then all are stored in one transaction, or none.
   */
  async insertAll(actor: DataActor, records: Array<{ table: string; record: Record<string, unknown> }>) {
    const rows = records.map(({ table, record }, i) => {
      const entry = this.writable(actor, table);
      return { entry, values: this.values(actor, entry, record, ['records', i]) };
    });
    const stored = await this.write(rows[0]?.entry as AiTableEntry, () => this.repo.insertAllOrNone(rows));
    return stored.map((row, i) => toApiRow((rows[i] as { entry: AiTableEntry }).entry, row));
  }

  /** Every record is checked first; then all are stored in one statement, or none. */
  async insertBatch(actor: DataActor, tableName: string, records: Array<Record<string, unknown>>) {
    const entry = this.writable(actor, tableName);
    const values = records.map((r, i) => this.values(actor, entry, r, ['records', i]));
    const insertedCount = await this.write(entry, () => this.repo.insertMany(entry, values));
    return { table: entry.name, insertedCount };
  }

  /**
   * Knowledge the server produced itself (extraction): stored in one statement, items whose
   * content_hash is already present skipped. The caller has checked who asked.
   */
  async storeKnowledge(items: NewKnowledgeRow[]): Promise<{ inserted: number; skipped: number }> {
    const inserted = await this.repo.insertKnowledgeSkippingDuplicates(items);
    return { inserted, skipped: items.length - inserted };
  }

  /** Items in the knowledge base from one source ('extraction', 'seed', ...). */
  countKnowledgeFrom(source: string): Promise<number> {
    return this.repo.countKnowledgeFrom(source);
  }

  async knowledgeBase(limit: number, domain?: string): Promise<KnowledgeItem[]> {
    const rows = await this.repo.listKnowledge(limit, domain);
    return rows.map(knowledgeItem);
  }

  /** A user's own interactions; the superadmin's view is everyone's. */
  async interactions(actor: DataActor, limit: number): Promise<Interaction[]> {
    const rows = await this.repo.listInteractions(limit, isSuperadmin(actor) ? null : actor.id);
    return rows.map(interaction);
  }

  private writable(actor: DataActor, tableName: string): AiTableEntry {
    const entry = aiTable(tableName);
    if (!entry) throw badRequest(KNOWLEDGE_DATA_ERRORS.noSeedingMethod(tableName), 'UNKNOWN_TABLE');
    if (entry.writers === 'superadmin' && !isSuperadmin(actor)) throw databaseAccessRefused();
    return entry;
  }

  /** The record checked against its table's schema, as insert values; a user's row is their own. */
  private values(
    actor: DataActor,
    entry: AiTableEntry,
    record: Record<string, unknown>,
    at: Array<string | number>,
  ): Record<string, unknown> {
    const parsed = entry.schema.safeParse(record);
    if (!parsed.success) throw invalidRecord(parsed.error.issues, at);
    const data = parsed.data;
    if (!isSuperadmin(actor)) {
      // Only the chat links an interaction to its reply (feedback finds it by that link).
      if (data.message_id != null) {
        throw badRequest(`${[...at, 'message_id'].join('.')}: set by the chat itself, not by a client`);
      }
      data.user_id = actor.id;
    }
    return toInsertValues(entry, data);
  }

  private async write<T>(entry: AiTableEntry, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      throw writeRefusal(err, entry.name) ?? err;
    }
  }
}

const iso = (d: Date) => d.toISOString();

function knowledgeItem(r: KnowledgeRow): KnowledgeItem {
  return {
    id: r.id,
    domain: r.domain,
    type: r.type,
    title: r.title,
    content: r.content,
    keywords: r.keywords,
    difficulty_level: r.difficultyLevel,
    relevance_score: r.relevanceScore,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
    source: r.source,
    model_used: r.modelUsed,
    usage_count: r.usageCount,
    effectiveness_score: r.effectivenessScore,
  };
}

function interaction(r: InteractionRow): Interaction {
  return {
    id: r.id,
    user_id: r.userId,
    message_id: r.messageId,
    user_query: r.userQuery,
    ai_response: r.aiResponse,
    satisfaction_score: r.satisfactionScore,
    response_time: r.responseTime,
    knowledge_used: r.knowledgeUsed,
    improvement_suggestions: r.improvementSuggestions,
    created_at: iso(r.createdAt),
    domain: r.domain,
    user_context: r.userContext,
    model_used: r.modelUsed,
    tokens_used: r.tokensUsed,
    was_helpful: r.wasHelpful,
  };
}
