import { mkdirSync } from 'node:fs';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

async function main() {
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const app = await buildApp({ config });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info(`${signal} received, shutting down`);
    await app.close();
  });

  await app.listen({ port: config.port, host: config.host });
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
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
