import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context';
import type { AppConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { EventBus } from './events/event-bus';
import { eventsRoutes } from './events/events.routes';
import { registerStorageChangeFeed } from './events/storage-change-feed';
import { InstanceLease } from './instances/instance-lease';
import { registerJobs } from './jobs/index';
import { JobScheduler } from './jobs/scheduler';
import { type Clock, systemClock } from './lib/clock';
import { resolveSecrets } from './lib/secrets';
import { type Mailer, OutboxMailer, SmtpMailer } from './mail/mailer';
import { EmbeddingService } from './modules/ai/embeddings/embedding.service';
import { aiKnowledgeServices } from './modules/ai/knowledge/knowledge-services';
import { knowledgeSearchServicesFor } from './modules/ai/knowledge-search/knowledge-search-services';
import { aiServicesFor } from './modules/ai/providers/ai-services';
import { lapsedCreditHoldsHandler } from './modules/ai/providers/lapsed-holds';
import { SeedingService } from './modules/ai/seeding/seeding.service';
import { AuditRepository } from './modules/audit/audit.repository';
import { AuditService } from './modules/audit/audit.service';
import { AccessStateCache, USER_ACCESS_CHANNEL } from './modules/auth/access-state-cache';
import { batchedAccessStateLoader } from './modules/auth/access-state-reader';
import { TokenService } from './modules/auth/token.service';
import { creditHoldsServiceFor } from './modules/billing/credits/credits-services';
import { leftoverUploadsHandler } from './modules/files/leftover-uploads';
import { registerModules } from './modules/index';
import { UsersRepository } from './modules/users/users.repository';
import { registerAuthGuard } from './plugins/auth-guard';
import { registerErrorHandler } from './plugins/error-handler';
import { registerInputGuard } from './plugins/input-guard/input-guard';
import { Metrics } from './plugins/metrics/metrics';
import { registerMetrics } from './plugins/metrics/metrics-plugin';
import { registerRateLimit } from './plugins/rate-limit/rate-limit';
import { RateLimitWindowsRepository } from './plugins/rate-limit/rate-limit-windows.repository';
import { MemoryWindowCounter } from './plugins/rate-limit/window-counter';
import { loggerOptions } from './plugins/request-log';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticWeb } from './plugins/static-web';
import { registerSwagger } from './plugins/swagger';
import type { StorageDriver } from './storage/storage-driver';
import { createStorageDriver } from './storage/storage-factory';

export interface BuildAppOptions {
  config: AppConfig;
  /** An opened database; when absent one is opened from the configuration and migrated. */
  database?: Database;
  /**
   * A database the caller started opening (server.ts, while this module loaded); the app migrates
   * and closes it as one it opened itself.
   */
  opening?: Promise<Database>;
  clock?: Clock;
  mailer?: Mailer;
  /** A storage driver; when absent one is made from the configuration. */
  storage?: StorageDriver;
  /** Logger options (level, stream) on top of the configuration's; false for none. Redaction always applies. */
  logger?: false | Record<string, unknown>;
}

export type App = FastifyInstance & { ctx: AppContext };

/** Builds the whole application (API and web). Never listens: server.ts and tests decide that. */
export async function buildApp(opts: BuildAppOptions): Promise<App> {
  const { config } = opts;
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(config, opts.logger),
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // First: an unusable secrets file stops the start before anything is opened.
  const secrets = resolveSecrets(config.dataDir, {
    jwtSecret: config.jwtSecret,
    encryptionKey: config.encryptionKey,
  });
  const database =
    opts.database ??
    (await (opts.opening ?? openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/pglite` })));
  if (!opts.database) await database.migrate(config.migrationsDir);
  const clock = opts.clock ?? systemClock;
  const tokens = new TokenService(secrets.jwtSecret, config.accessTokenTtlSeconds, () => clock.now());
  const accessStates = await openAccessStates(database, clock, app.log);
  const mailer =
    opts.mailer ??
    (config.smtpUrl
      ? new SmtpMailer(config.smtpUrl, config.mailFrom, database.db)
      : new OutboxMailer(database.db, app.log));
  const metrics = new Metrics(config.metricsEnabled);
  const audit = new AuditService(new AuditRepository(database.db));
  const ctx: AppContext = {
    config,
    database,
    secrets,
    clock,
    log: app.log,
    mailer,
    tokens,
    accessStates: accessStates.cache,
    audit,
    jobs: new JobScheduler({
      db: database.db,
      log: app.log,
      onRun: (job, ok, s) => metrics.jobRun(job, ok, s),
    }),
    storage: opts.storage ?? createStorageDriver(config.storage),
    instance: new InstanceLease({ db: database.db, log: app.log }),
    rateLimits:
      database.driver === 'postgres'
        ? new RateLimitWindowsRepository(database.db, () => clock.now().getTime())
        : new MemoryWindowCounter(() => clock.now().getTime()),
    metrics,
    events: new EventBus(database, app.log),
    embeddings: new EmbeddingService({
      // The provider layer is built from the context, on first use.
      registry: () => aiServicesFor(ctx).registry,
      usage: () => aiServicesFor(ctx).usage,
      config: config.ai,
      clock,
      log: app.log,
    }),
    aiKnowledge: aiKnowledgeServices(database, audit),
    aiSeeding: new SeedingService({
      db: database.db,
      log: app.log,
      // PGlite runs each statement on this process's only thread: a request waits behind the batch
      // in progress (2,000 knowledge rows held one for up to ~1 s, 500 about a quarter of that, and
      // the seed took no longer). PostgreSQL inserts elsewhere, where larger batches cost less.
      batchSize: database.driver === 'pglite' ? 500 : 2000,
      // Seeded knowledge waits for its embeddings: fill them now, in the background.
      onSeeded: () => knowledgeSearchServicesFor(ctx).kick(),
    }),
  };
  await ctx.events.start();

  registerErrorHandler(app);
  registerMetrics(app, metrics);
  registerInputGuard(app);
  registerSecurityHeaders(app, {
    hsts: { maxAge: 31536000, includeSubDomains: true },
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Ant Design injects its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await registerRateLimit(app, ctx.rateLimits);
  await registerSwagger(app, config.webDistDir);
  registerAuthGuard(app, tokens, accessStates.cache);
  registerStorageChangeFeed(app, ctx.events);
  await app.register(async (api) => registerModules(api, ctx), { prefix: '/api' });
  await app.register(async (api) => eventsRoutes(api, ctx), { prefix: '/api' });
  await registerStaticWeb(app, config);
  registerJobs(ctx.jobs, ctx);
  if (config.jobsEnabled) app.addHook('onReady', async () => ctx.jobs.start());
  // Before onClose, so a run in progress finishes (or aborts) while the database is still open.
  app.addHook('preClose', async () => ctx.jobs.stop());
  app.addHook('preClose', () => accessStates.stop());
  app.addHook('preClose', () => ctx.events.stop());

  // What processes that died (a crash, a SIGKILL) held is given back: before the app is returned,
  // this process registers and ends the leases of dead processes on its host, so their upload
  // reservations and credit holds stop counting at once; the sweep then deletes them and their
  // temporary upload objects in the background, and runs again whenever a lease lapses.
  ctx.instance.onLapsed('uploads', leftoverUploadsHandler(ctx));
  ctx.instance.onLapsed('credit-holds', lapsedCreditHoldsHandler(ctx));
  await ctx.instance.start();
  // After the last request finished, then the database: one hook, because Fastify runs onClose
  // hooks last-added first, and leaving server_instances needs the database open.
  app.addHook('onClose', async () => {
    creditHoldsServiceFor(ctx).stop();
    await ctx.instance.stop().catch((err) => app.log.warn({ err }, 'could not leave server_instances'));
    if (!opts.database) await database.close();
  });
  // Added last, so it runs first: searches' held embedding usage rows, while the database is open.
  app.addHook('onClose', async () => ctx.embeddings.flushUsage());
  return Object.assign(app, { ctx }) as unknown as App;
}

/**
 * The guard's cache of account states, kept current by the users trigger's notifications (and
 * emptied whenever the change feed reports a gap). Entries also expire, in case a notification is
 * lost some other way: within a minute (each after 30 to 60 s, spread so that accounts seen
 * together do not all expire together), well inside an access token's 15, so a missed change still
 * ends a session long before its token would. An account in use is renewed shortly before its
 * entry lapses, read together with the others then due (`batchedAccessStateLoader`).
 */
const ACCESS_STATE_TTL_MS = 60_000;

async function openAccessStates(database: Database, clock: Clock, log: FastifyBaseLogger) {
  const users = new UsersRepository(database.db);
  const cache = new AccessStateCache(batchedAccessStateLoader(users), ACCESS_STATE_TTL_MS, () =>
    clock.now().getTime(),
  );
  const stop = await database.listen(USER_ACCESS_CHANNEL, {
    onNotify: (userId) => cache.invalidate(userId),
    onGap: () => cache.clear(),
    onError: (err) => log.warn({ err }, 'account change feed interrupted; reconnecting'),
  });
  return {
    cache,
    stop: async () => {
      cache.stop();
      await stop();
    },
  };
}
