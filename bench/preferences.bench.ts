import { eq, sql } from 'drizzle-orm';
import { createVerifier } from 'fast-jwt';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from '../apps/server/src/db/client';
import { userPreferences } from '../apps/server/src/db/schema/index';
import type { TokenService } from '../apps/server/src/modules/auth/token.service';
import { type Engine, startBenchApp } from './engine';
import { alternate, compare, type Figure } from './figure';
import { throughput } from './load-client';
import { accessTokens, assertClean, CONNECTIONS, createUsers, ROUNDS, SECONDS, TOKENS } from './support';

/**
 * Authenticated GET /api/user-preferences with 50 connections from a load generator of its own,
 * against a bare Fastify route in the same process doing the read a GET cannot avoid: the user's
 * row by primary key, as the same kind of named prepared statement the app's repository uses. The
 * requests rotate through 10,000 users (TOKENS), each with their own token and row (the token for
 * the app, the user id in a header for the bare route; every request carries both), so the app's
 * verified-token cache (1,000 entries) holds one in ten: the ratio is mostly what verifying a
 * token, validation and the reply envelope cost.
 *
 * Reported beside it, without a goal of its own: the same read behind a bare token check
 * (fast-jwt, HS256, the app's key, on every request), so the part the app adds beyond verifying
 * the token (its hooks, the account-state check, validation, the envelope) shows on its own.
 */
export async function preferencesBench(engine: Engine): Promise<Figure[]> {
  const bench = await startBenchApp(engine);
  const bare = Fastify({ logger: false });
  try {
    const { app, database } = bench;
    const db = database.db;
    const headerSets = await usersWithPreferences(db, app.ctx.tokens);
    const find = bareRead(db, bare, '/bare-preferences');
    // For the reference figure: the app's key and algorithm, expiry checked by the library.
    const verify = createVerifier({ key: app.ctx.secrets.jwtSecret, algorithms: ['HS256'] });
    bare.get('/bare-authenticated-preferences', async (request, reply) => {
      const header = request.headers.authorization ?? '';
      let userId: string;
      try {
        userId = (verify(header.slice(header.indexOf(' ') + 1)) as { sub: string }).sub;
      } catch {
        return reply.code(401).send({ error: 'invalid token' });
      }
      const rows = await find.execute({ userId });
      return rows[0]?.data ?? {};
    });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

    // The app answers the stored row (over the defaults it fills in) for the same user.
    const probe = headerSets[1] as Record<string, string>;
    const viaApp = await app.inject({ method: 'GET', url: '/api/user-preferences', headers: probe });
    const data = viaApp.json().data as Record<string, unknown>;
    for (const route of ['bare-preferences', 'bare-authenticated-preferences']) {
      const viaBare = (await (await fetch(`${bareUrl}/${route}`, { headers: probe })).json()) as object;
      if (Object.entries(viaBare).some(([k, v]) => JSON.stringify(data[k]) !== JSON.stringify(v)))
        throw new Error(`preferences: the app answered ${viaApp.body}, ${route} ${JSON.stringify(viaBare)}`);
    }

    const run = (url: string) => async (round: number) => {
      const r = await throughput({
        url,
        headerSets,
        connections: CONNECTIONS,
        seconds: round < 0 ? 1 : SECONDS,
      });
      assertClean(url, r);
      return r.requestsPerSec;
    };
    const rounds = await alternate(ROUNDS, {
      app: run(`${bench.url}/api/user-preferences`),
      bare: run(`${bareUrl}/bare-preferences`),
      verified: run(`${bareUrl}/bare-authenticated-preferences`),
    });
    const name = `authenticated GET /api/user-preferences (${CONNECTIONS} connections, ${TOKENS} users and tokens)`;
    return [
      compare({
        name,
        engine: engine.name,
        unit: 'req/s',
        app: rounds.app,
        limitName: 'bare route: the same prepared primary-key read',
        limit: rounds.bare,
        goal: { atLeast: 0.8 },
        digits: 0,
      }),
      compare({
        name,
        engine: engine.name,
        unit: 'req/s',
        app: rounds.app,
        limitName: 'bare route verifying the token too (fast-jwt, no cache), the same read',
        limit: rounds.verified,
        goal: null,
        digits: 0,
      }),
    ];
  } finally {
    await bare.close();
    await bench.close();
  }
}

/**
 * TOKENS users, each with a stored preferences row and an access token: one header set per user,
 * carrying the token for the app and the user id (`x-bench-user`) for the bare routes.
 */
export async function usersWithPreferences(db: Db, tokens: TokenService): Promise<Record<string, string>[]> {
  const rows = await createUsers(db, TOKENS);
  await db
    .insert(userPreferences)
    .values(
      rows.map((u, i) => ({ userId: u.id, data: { theme: i % 2 ? 'dark' : 'light', viewMode: 'list' } })),
    );
  const headerSets: Record<string, string>[] = [];
  for (const user of rows) {
    const [token] = await accessTokens(tokens, user, 1);
    headerSets.push({ authorization: `Bearer ${token}`, 'x-bench-user': user.id });
  }
  return headerSets;
}

/**
 * The figure's limit on `bare` at `url`: the user's row by primary key (from `x-bench-user`), as the
 * same kind of named prepared statement the app's repository uses. Returns the statement.
 */
export function bareRead(db: Db, bare: FastifyInstance, url: string) {
  const find = db
    .select({ data: userPreferences.data })
    .from(userPreferences)
    .where(eq(userPreferences.userId, sql.placeholder('userId')))
    .prepare('bare_preferences_find');
  bare.get(url, async (request) => {
    const rows = await find.execute({ userId: request.headers['x-bench-user'] as string });
    return rows[0]?.data ?? {};
  });
  return find;
}
