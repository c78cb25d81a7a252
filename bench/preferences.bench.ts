import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { userPreferences } from '../apps/server/src/db/schema/index';
import type { Figure } from './run';
import { autocannon, createActiveUser, startBenchApp } from './support';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

/**
 * Authenticated GET /api/user-preferences against a bare Fastify route in the same process doing
 * the same single-row read with the same driver: the ratio is what auth, validation and
 * serialisation cost.
 */
export async function preferencesBench(): Promise<Figure[]> {
  const { app, close, url } = await startBenchApp();
  const { row, token } = await createActiveUser(app);
  const put = await app.inject({
    method: 'PUT',
    url: '/api/user-preferences',
    headers: { authorization: `Bearer ${token}` },
    payload: { theme: 'dark', viewMode: 'list' },
  });
  if (put.statusCode !== 200) throw new Error(`could not seed preferences: ${put.body}`);

  const db = app.ctx.database.db;
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => {
    const rows = await db
      .select({ data: userPreferences.data })
      .from(userPreferences)
      .where(eq(userPreferences.userId, row.id))
      .limit(1);
    return rows[0]?.data ?? {};
  });
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  // Warm both up, then alternate runs and keep each side's best, so a noisy moment hurts neither.
  await autocannon(`${bareUrl}/bare`, { connections: CONNECTIONS, seconds: 1 });
  await autocannon(`${url}/api/user-preferences`, {
    connections: CONNECTIONS,
    seconds: 1,
    headers: { authorization: `Bearer ${token}` },
  });
  let bareBest = 0;
  let authBest = 0;
  let non2xx = 0;
  for (let i = 0; i < 2; i++) {
    const b = await autocannon(`${bareUrl}/bare`, { connections: CONNECTIONS, seconds: SECONDS });
    const a = await autocannon(`${url}/api/user-preferences`, {
      connections: CONNECTIONS,
      seconds: SECONDS,
      headers: { authorization: `Bearer ${token}` },
    });
    bareBest = Math.max(bareBest, b.requestsPerSec);
    authBest = Math.max(authBest, a.requestsPerSec);
    non2xx += a.non2xx + b.non2xx;
  }
  await bare.close();
  await close();
  await app.ctx.database.close();
  if (non2xx > 0) throw new Error(`${non2xx} requests failed during the preferences benchmark`);
  const ratio = authBest / bareBest;
  return [
    {
      name: `authenticated GET /api/user-preferences (${CONNECTIONS} connections, ${app.ctx.database.driver})`,
      value: Math.round(authBest),
      unit: 'req/s',
      limitName: 'bare route, same read',
      limit: Math.round(bareBest),
      ratio,
      goal: '>= 0.8',
      pass: ratio >= 0.8,
    },
  ];
}
