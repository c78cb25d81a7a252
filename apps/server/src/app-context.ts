import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { EventBus } from './events/event-bus';
import type { InstanceLease } from './instances/instance-lease';
import type { JobScheduler } from './jobs/scheduler';
import type { Clock } from './lib/clock';
import type { Secrets } from './lib/secrets';
import type { Mailer } from './mail/mailer';
import type { EmbeddingService } from './modules/ai/embeddings/embedding.service';
import type { AiKnowledgeServices } from './modules/ai/knowledge/knowledge-services';
import type { SeedingService } from './modules/ai/seeding/seeding.service';
import type { AuditService } from './modules/audit/audit.service';
import type { AccessStateCache } from './modules/auth/access-state-cache';
import type { TokenService } from './modules/auth/token.service';
import type { Metrics } from './plugins/metrics/metrics';
import type { WindowCounter } from './plugins/rate-limit/window-counter';
import type { StorageDriver } from './storage/storage-driver';

/** What modules are given: shared services, built once in app.ts and replaceable in tests. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  secrets: Secrets;
  clock: Clock;
  log: FastifyBaseLogger;
  mailer: Mailer;
  tokens: TokenService;
  /** Accounts' token versions for the guard; a change to a user's role or status invalidates its entry. */
  accessStates: AccessStateCache;
  audit: AuditService;
  /** Periodic jobs, run under a database lease (jobs/index.ts lists them). */
  jobs: JobScheduler;
  /** Where file bytes live (STORAGE_DRIVER). */
  storage: StorageDriver;
  /**
   * This process's lease in server_instances: what it holds while working (upload reservations,
   * temporary upload objects, credit holds) names it, and is given back once it is known dead.
   */
  instance: InstanceLease;
  /** The rate limits' counters: in the database on PostgreSQL (shared by all processes), else in memory. */
  rateLimits: WindowCounter;
  /** Prometheus counters (jobs, uploads, AI calls); exposed at /metrics when METRICS_ENABLED. */
  metrics: Metrics;
  /** Live events to users' open pages, across processes (NOTIFY on PostgreSQL). */
  events: EventBus;
  /** 384-d embeddings from the platform's providers (Ollama, OpenAI); null answers mean text only. */
  embeddings: EmbeddingService;
  /** The AI tables' data calls and the superadmin's read-only SQL (issue 16). */
  aiKnowledge: AiKnowledgeServices;
  /** The seeding tool of the eight AI tables (one run at a time cluster-wide, with progress). */
  aiSeeding: SeedingService;
}
