import { isDeepStrictEqual } from 'node:util';
import { DEFAULT_PREFERENCES, PREFERENCE_KEYS } from '@stratos/contracts/preferences/preferences.schema';
import { darkModeOf, type ThemeChoice } from '@stratos/contracts/preferences/theme';
import { eq, sql } from 'drizzle-orm';
import { createVerifier } from 'fast-jwt';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Db } from '../apps/server/src/db/client';
import { userPreferences } from '../apps/server/src/db/schema/index';
import { type TokenService, VERIFIED_TOKENS_KEPT } from '../apps/server/src/modules/auth/token.service';
import { type Engine, startBenchApp } from './engine';
import { alternate, compare, type Figure } from './figure';
import { throughput } from './load-client';
import {
  accessTokens,
  assertClean,
  CONNECTIONS,
  createUsers,
  debug,
  ROUNDS,
  SECONDS,
  TOKENS,
} from './support';

/**
 * Each side's warm-up (BENCH_WARMUP, seconds, and on until every one of the TOKENS users has been
 * served once), so the rounds measure a server in its steady state (its account-state cache
 * filled, its code compiled), as one that has been up for a minute is. The app's first warm-up
 * runs at a fraction of its later rate (each request reads an account state, on code not yet
 * compiled): 5 s of it served 4,000-9,000 of the 10,000 users, and its first round then read the
 * rest and ran at 0.4-0.6 of the limit.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 5);

/**
 * Each round's lead-in (BENCH_LEAD_IN, seconds, and on until every user has been served once;
 * every side alike): the same load, not counted, right before the measured seconds. The app's
 * account states expire by the clock (each 30 to 60 s after it was read), and a side is loaded
 * only one round in three: without it, each of the app's rounds began by rereading every state
 * that expired while the two other sides ran, about three times the rereads a server under steady
 * load does (10,000 users over a mean life of 45 s, ~220 a second). Serving every user once, the
 * lead-in leaves the measured seconds paying for what expires in them, as a steady server does;
 * the limit keeps nothing that expires. Three seconds alone did not: at 2,000 req/s they serve
 * 6,000 users, and the app read 1,800-6,300 states in a round with its lead-in (counted, before
 * the app read them in batches).
 */
const LEAD_IN_SECONDS = Number(process.env.BENCH_LEAD_IN ?? 3);

/**
 * Rounds per side: at least nine (as cold start's starts). One 3 s round of either side varies by
 * half either way on a shared VM (its ratio 0.35-1.48 in one run of five rounds), so the median
 * of five moved by a tenth from run to run; a round costs ~7 s a side.
 */
const GET_ROUNDS = Math.max(ROUNDS, 9);

/**
 * Authenticated GET /api/user-preferences with 50 connections from a load generator of its own,
 * against a bare Fastify route in the same process doing the work an authenticated GET cannot
 * avoid: verify the request's token, read the user's row by primary key, as the same kind of
 * named prepared statement the app's repository uses, and answer the same document (the row over
 * the defaults, in the reply envelope: the same bytes, checked below). The requests rotate through
 * 10,000 users (TOKENS), each with their own token and row. Both sides verify the token the same
 * way: fast-jwt, HS256, the app's key, and a memory that keeps the first 1,000 tokens it verified
 * (the app's policy, VERIFIED_TOKENS_KEPT), so nine requests in ten verify afresh on either side.
 * The ratio is what the app adds beyond that: its hooks and security headers, claims validation,
 * the account-state check, validation of the stored row (whose parse is the reply).
 *
 * Reported beside it, without a goal: the same read with no token check at all (the user id in a
 * header every request also carries), so what verifying a token costs shows on its own.
 */
export async function preferencesBench(engine: Engine): Promise<Figure[]> {
  const bench = await startBenchApp(engine);
  const bare = Fastify({ logger: false });
  try {
    const { app, database } = bench;
    const db = database.db;
    const headerSets = await usersWithPreferences(db, app.ctx.tokens);
    const find = bareRead(db, bare, '/bare-preferences');
    bare.get('/bare-authenticated-preferences', verifiedRead(app.ctx.secrets.jwtSecret, find));
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

    // Every side answers the same document for the same user, in as many bytes (users alternate
    // between the light and the dark theme).
    for (const probe of headerSets.slice(0, 2)) {
      const viaApp = await app.inject({ method: 'GET', url: '/api/user-preferences', headers: probe });
      for (const route of ['bare-preferences', 'bare-authenticated-preferences']) {
        const viaBare = await (await fetch(`${bareUrl}/${route}`, { headers: probe })).text();
        if (viaBare.length !== viaApp.body.length || !isDeepStrictEqual(JSON.parse(viaBare), viaApp.json()))
          throw new Error(`preferences: the app answered ${viaApp.body}, ${route} ${viaBare}`);
      }
    }

    const run = (side: string, url: string) => async (round: number) => {
      const r = await throughput({
        url,
        headerSets,
        connections: CONNECTIONS,
        // The warm-up is a lead-in of its own, then one second nobody counts.
        seconds: round < 0 ? 1 : SECONDS,
        leadInSeconds: round < 0 ? WARMUP_SECONDS : LEAD_IN_SECONDS,
        leadInRequests: headerSets.length,
      });
      assertClean(url, r);
      debug(`preferences ${engine.name} round ${round} ${side}: ${Math.round(r.requestsPerSec)} req/s`);
      return r.requestsPerSec;
    };
    const rounds = await alternate(GET_ROUNDS, {
      app: run('app', `${bench.url}/api/user-preferences`),
      bare: run('bare', `${bareUrl}/bare-preferences`),
      verified: run('verified', `${bareUrl}/bare-authenticated-preferences`),
    });
    const name = `authenticated GET /api/user-preferences (${CONNECTIONS} connections, ${TOKENS} users and tokens)`;
    return [
      compare({
        name,
        engine: engine.name,
        unit: 'req/s',
        app: rounds.app,
        limitName: `bare route: the same token check (fast-jwt, first ${VERIFIED_TOKENS_KEPT} tokens kept), prepared read and reply`,
        limit: rounds.verified,
        goal: { atLeast: 0.8 },
        digits: 0,
      }),
      compare({
        name,
        engine: engine.name,
        unit: 'req/s',
        app: rounds.app,
        limitName:
          'bare route with no token check at all, the same prepared read and reply (what verifying costs)',
        limit: rounds.bare,
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
 * The goal's limit: the request's token verified as the app verifies it (fast-jwt, HS256, the
 * app's key; a verified token's claims kept for its lifetime while fewer than
 * VERIFIED_TOKENS_KEPT are held, expiry checked on every use), then `find` for its subject.
 */
export function verifiedRead(secret: string, find: ReturnType<typeof bareRead>) {
  const verify = createVerifier({ key: secret, algorithms: ['HS256'], ignoreExpiration: true });
  const kept = new Map<string, { sub: string; exp: number }>();
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization ?? '';
    const token = header.slice(header.indexOf(' ') + 1);
    let claims = kept.get(token);
    if (!claims) {
      try {
        claims = verify(token) as { sub: string; exp: number };
      } catch {
        return reply.code(401).send({ error: 'invalid token' });
      }
      if (kept.size < VERIFIED_TOKENS_KEPT) kept.set(token, claims);
    }
    if (claims.exp * 1000 <= Date.now()) return reply.code(401).send({ error: 'expired token' });
    const rows = await find.execute({ userId: claims.sub });
    return preferencesReply(rows[0]?.data);
  };
}

/**
 * The reply both bare routes send, built the plainest way: the stored row over the defaults, one
 * level deep, `dark_mode` following the theme (the app's rule), in the envelope. The app builds the
 * same document and also validates what the row holds against the contract, field by field.
 */
function preferencesReply(stored: Record<string, unknown> | undefined) {
  const data: Record<string, unknown> = {};
  for (const key of PREFERENCE_KEYS) {
    const fallback = DEFAULT_PREFERENCES[key];
    const value = stored?.[key];
    data[key] =
      value === undefined
        ? fallback
        : typeof fallback === 'object'
          ? { ...fallback, ...(value as object) }
          : value;
  }
  data.dark_mode = darkModeOf(data.theme as ThemeChoice);
  return { success: true, data };
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
 * The read with no token check on `bare` at `url`: the user's row by primary key (from
 * `x-bench-user`), as the same kind of named prepared statement the app's repository uses, answered
 * as the app answers it. Returns the statement, for the goal's limit (verifiedRead).
 */
export function bareRead(db: Db, bare: FastifyInstance, url: string) {
  const find = db
    .select({ data: userPreferences.data })
    .from(userPreferences)
    .where(eq(userPreferences.userId, sql.placeholder('userId')))
    .prepare('bare_preferences_find');
  bare.get(url, async (request) => {
    const rows = await find.execute({ userId: request.headers['x-bench-user'] as string });
    return preferencesReply(rows[0]?.data);
  });
  return find;
}
