import { mkdirSync } from 'node:fs';
import { flushCompileCache } from 'node:module';
import type { Server } from 'node:net';
import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { resolveSecrets } from './lib/secrets';
import { drainAndClose } from './lifecycle/drain';
import { acquireServerLock, DataDirBusyError, type DataDirLock } from './operator/data-dir-lock';
import { listenOperatorChannel, operatorSocketPath } from './operator/operator-channel';
import { operatorHandler } from './operator/operator-commands';

async function main() {
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  // PGlite is one process's database: hold DATA_DIR before opening it, and let go on any exit.
  let lock: DataDirLock | null = null;
  if (!config.databaseUrl) {
    const held = await acquireServerLock(config.dataDir);
    process.once('exit', () => held.release());
    lock = held;
  }
  // An unusable secrets file stops the start before anything is opened.
  resolveSecrets(config.dataDir, { jwtSecret: config.jwtSecret, encryptionKey: config.encryptionKey });
  // The database opens (PGlite: loads and starts its WebAssembly) while the app's modules load.
  const opening = openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/pglite` });
  opening.catch(() => {}); // awaited by buildApp; a failure is reported there
  const { buildApp } = await import('./app');
  const app = await buildApp({ config, opening });
  let channel: Server | null = null;

  // The drain cuts what still runs at SHUTDOWN_TIMEOUT_SECONDS; this delay is the last resort.
  closeWithGrace({ delay: config.shutdownTimeoutMs + 15_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info(`${signal} received, shutting down`);
    channel?.close();
    await drainAndClose(app, config.shutdownTimeoutMs, app.log);
    lock?.release();
  });

  await app.listen({ port: config.port, host: config.host });
  if (lock) {
    // `npm run cli` reaches the database through this process while it runs.
    const socket = operatorSocketPath(config.dataDir);
    channel = await listenOperatorChannel(
      socket,
      operatorHandler(
        {
          database: app.ctx.database,
          migrationsDir: config.migrationsDir,
          storage: app.ctx.storage,
          dataDir: config.dataDir,
          seeding: app.ctx.aiSeeding,
        },
        app.log,
      ),
    );
    lock.announceSocket(socket);
  }
  // What compiled on the way here is kept now, not only at exit (a kill would lose it).
  flushCompileCache();
  const db = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/pglite`;
  const mail =
    app.ctx.mailer.transport === 'smtp'
      ? 'sent by SMTP'
      : 'printed here in the log, codes included (Admin > Outbox keeps them with codes hidden)';
  // Plain text on purpose: the first thing a newcomer reads, whatever the log format.
  console.log(
    `\n  Stratos is running at ${config.publicUrl}\n  Data: ${db}\n  Verification codes and other mail: ${mail}\n  API docs: ${config.publicUrl}/api/docs\n`,
  );
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirBusyError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
