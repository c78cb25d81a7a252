import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { AiStandins } from '../../apps/server/test/ai-standins';
import { confirmedUser } from './accounts';
import { loginToken } from './api';
import { prepareDataDir, type RunningServer, startBuiltServer } from './server';

export interface AiJourneyServer {
  standins: AiStandins;
  server: RunningServer;
  /** A scratch directory of the journey's own (removed by stop()). */
  dir: string;
  stop(): Promise<void>;
}

/**
 * A server of a journey's own, pointed at the Ollama stand-in only (the shared one has no AI
 * provider): the run's web build (global setup), a superadmin, and one confirmed user.
 */
export async function startAiJourneyServer(
  name: string,
  user: { email: string; password: string; firstName: string; lastName: string },
): Promise<AiJourneyServer> {
  const dir = mkdtempSync(path.join(tmpdir(), `stratos-${name}-`));
  const standins = await AiStandins.start();
  const build = inject('build');
  const dataDir = path.join(dir, 'data');
  const admin = { email: `${name}-ops@stratos.test`, password: 'AdminPassw0rd' };
  prepareDataDir(build, dataDir, admin);
  const server = await startBuiltServer(
    build,
    { OLLAMA_URL: standins.env().OLLAMA_URL, AI_CHECK_TIMEOUT_MS: '2000' },
    dataDir,
  );
  const adminToken = await loginToken(server.url, admin.email, admin.password);
  await confirmedUser(server.url, adminToken, user);
  return {
    standins,
    server,
    dir,
    stop: async () => {
      await server.stop();
      await standins.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
