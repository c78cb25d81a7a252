import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable the server reads, with its default. The README's table mirrors this. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: bool.optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'ENCRYPTION_KEY must be 64 hex characters (32 bytes)')
    .optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Stratos <no-reply@stratos.local>'),
  SUPERADMIN_EMAIL: z.string().email().optional(),
  TRUST_PROXY: bool.default(false),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  WEB_DIST_DIR: z.string().optional(),
  JOBS_ENABLED: bool.default(true),
  METRICS_ENABLED: bool.default(false),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  STORAGE_DIR: z.string().optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  MAX_UPLOAD_BYTES: z.coerce.number().int().min(1).optional(),
  UPLOAD_RESERVATION_TTL_SECONDS: z.coerce.number().int().min(60).default(3600),
  STORAGE_GC_GRACE_SECONDS: z.coerce.number().int().min(60).default(3600),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_BASE: z.string().url().optional(),
  BILLING_GRACE_DAYS: z.coerce.number().int().min(0).max(90).default(7),
  OLLAMA_URL: z.string().url().default('http://127.0.0.1:11434'),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  ANTHROPIC_API_KEY: z.string().min(1).optional(),
  ANTHROPIC_BASE_URL: z.string().url().optional(),
  GOOGLE_API_KEY: z.string().min(1).optional(),
  GOOGLE_BASE_URL: z.string().url().optional(),
  HF_API_KEY: z.string().min(1).optional(),
  HF_BASE_URL: z.string().url().optional(),
  AI_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  AI_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  AI_COOLDOWN_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  AI_CHAT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  OLLAMA_EMBED_MODEL: z.string().min(1).default('all-minilm'),
  OPENAI_EMBED_MODEL: z.string().min(1).default('text-embedding-3-small'),
  AI_EMBED_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  AI_SEARCH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** host:port list a workflow webhook may reach on a private address (an operator's own service). */
  WORKFLOW_WEBHOOK_ALLOW_HOSTS: z.string().default(''),
  /** A PEM file of extra CAs trusted by workflow webhooks (a private PKI). */
  WORKFLOW_WEBHOOK_CA_FILE: z.string().min(1).optional(),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  publicUrl: string;
  logLevel: string;
  logPretty: boolean;
  /** Undefined -> generated once and kept under dataDir. */
  jwtSecret?: string;
  encryptionKey?: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  smtpUrl?: string;
  mailFrom: string;
  superadminEmail?: string;
  trustProxy: boolean;
  bodyLimitBytes: number;
  authRateLimit: { perIp: number; perEmail: number; windowSeconds: number };
  webDistDir: string;
  migrationsDir: string;
  /** Run periodic jobs (recycle-bin purge, ...) in this process; tests turn it off. */
  jobsEnabled: boolean;
  /** Expose Prometheus metrics at /metrics (and time every request for them). */
  metricsEnabled: boolean;
  /** On SIGTERM, how long requests in progress (uploads) may run before their connections are cut. */
  shutdownTimeoutMs: number;
  storage: StorageConfig;
  /** Overrides the `maxUploadSize` app setting when set. */
  maxUploadBytes?: number;
  /** How long an upload's quota reservation lasts unless the upload renews it. */
  uploadReservationTtlMs: number;
  /** Stored objects without a row (and temporary ones) younger than this are never collected. */
  storageGcGraceMs: number;
  payments: PaymentsConfig;
  ai: AiConfig;
  /** Workflow webhooks: private hosts allowed on purpose, extra trusted CAs (issue 18). */
  workflows: { webhookAllowHosts: string[]; webhookCaFile?: string };
}

export interface AiProviderEnv {
  apiKey?: string;
  /** Overrides the provider's public endpoint (a local stand-in in tests). */
  baseUrl?: string;
}

export interface AiConfig {
  /** The local model service (Ollama); the one private address a base URL may point at. */
  ollamaUrl: string;
  openai: AiProviderEnv;
  anthropic: AiProviderEnv;
  google: AiProviderEnv;
  huggingface: AiProviderEnv;
  /** A provider check gives up after this long (part 2 section 9: 5000 ms). */
  checkTimeoutMs: number;
  /** A generation gives up after this long and the router tries the next provider. */
  requestTimeoutMs: number;
  /** How long a failing provider is skipped when it gave no Retry-After. */
  cooldownMs: number;
  /** Chat calls (plain and streamed) per minute per client address. */
  chatRateLimitPerMinute: number;
  embeddings: EmbeddingsConfig;
}

/** The embedding models (384 dimensions) of knowledge search and file retrieval. */
export interface EmbeddingsConfig {
  /** Ollama's model for /api/embed; all-minilm answers 384 dimensions. */
  ollamaModel: string;
  /** OpenAI's model for /v1/embeddings, asked for 384 dimensions. */
  openaiModel: string;
  /** One embedding call gives up after this long. */
  timeoutMs: number;
  /** Knowledge searches per minute per client address (each embeds its term with the platform's provider). */
  searchRateLimitPerMinute: number;
}

export interface PaymentsConfig {
  /** PAYMENT_PROVIDER; sandbox unless STRIPE_SECRET_KEY is set. */
  provider: 'sandbox' | 'stripe';
  stripe: {
    secretKey?: string;
    publishableKey?: string;
    webhookSecret?: string;
    /** Where the Stripe SDK sends requests (a local stand-in in tests); Stripe's own API when absent. */
    apiBase?: string;
  };
  /** Days a past-due subscription keeps its plan before falling back to free. */
  graceDays: number;
}

export interface StorageConfig {
  driver: 'local' | 's3';
  /** Local driver: where bytes live; both drivers: where tus keeps partial uploads (local driver). */
  dir: string;
  s3?: {
    bucket: string;
    region: string;
    endpoint?: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    forcePathStyle: boolean;
  };
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when STORAGE_DRIVER=s3');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY ?? (e.NODE_ENV !== 'production' && Boolean(process.stdout.isTTY)),
    jwtSecret: e.JWT_SECRET,
    encryptionKey: e.ENCRYPTION_KEY,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    superadminEmail: e.SUPERADMIN_EMAIL?.toLowerCase(),
    trustProxy: e.TRUST_PROXY,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    authRateLimit: {
      perIp: e.AUTH_RATE_LIMIT_PER_IP,
      perEmail: e.AUTH_RATE_LIMIT_PER_EMAIL,
      windowSeconds: e.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    },
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    migrationsDir: path.join(repoRoot, 'apps/server/src/db/migrations'),
    jobsEnabled: e.JOBS_ENABLED,
    metricsEnabled: e.METRICS_ENABLED,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    storage: {
      driver: e.STORAGE_DRIVER,
      dir: path.resolve(e.STORAGE_DIR ?? path.join(dataDir, 'blobs')),
      s3: e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    },
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    uploadReservationTtlMs: e.UPLOAD_RESERVATION_TTL_SECONDS * 1000,
    storageGcGraceMs: e.STORAGE_GC_GRACE_SECONDS * 1000,
    payments: {
      provider: e.PAYMENT_PROVIDER ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox'),
      stripe: {
        secretKey: e.STRIPE_SECRET_KEY,
        publishableKey: e.STRIPE_PUBLISHABLE_KEY,
        webhookSecret: e.STRIPE_WEBHOOK_SECRET,
        apiBase: e.STRIPE_API_BASE,
      },
      graceDays: e.BILLING_GRACE_DAYS,
    },
    ai: {
      ollamaUrl: e.OLLAMA_URL.replace(/\/+$/, ''),
      openai: { apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL },
      anthropic: { apiKey: e.ANTHROPIC_API_KEY, baseUrl: e.ANTHROPIC_BASE_URL },
      google: { apiKey: e.GOOGLE_API_KEY, baseUrl: e.GOOGLE_BASE_URL },
      huggingface: { apiKey: e.HF_API_KEY, baseUrl: e.HF_BASE_URL },
      checkTimeoutMs: e.AI_CHECK_TIMEOUT_MS,
      requestTimeoutMs: e.AI_REQUEST_TIMEOUT_MS,
      cooldownMs: e.AI_COOLDOWN_SECONDS * 1000,
      chatRateLimitPerMinute: e.AI_CHAT_RATE_LIMIT_PER_MINUTE,
      embeddings: {
        ollamaModel: e.OLLAMA_EMBED_MODEL,
        openaiModel: e.OPENAI_EMBED_MODEL,
        timeoutMs: e.AI_EMBED_TIMEOUT_MS,
        searchRateLimitPerMinute: e.AI_SEARCH_RATE_LIMIT_PER_MINUTE,
      },
    },
    workflows: {
      webhookAllowHosts: e.WORKFLOW_WEBHOOK_ALLOW_HOSTS.split(',')
        .map((h) => h.trim())
        .filter((h) => h.length > 0),
      webhookCaFile: e.WORKFLOW_WEBHOOK_CA_FILE,
    },
  };
}

export function webAppBuilt(config: AppConfig): boolean {
  return existsSync(path.join(config.webDistDir, 'index.html'));
}
