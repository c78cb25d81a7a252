import { verify } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { users } from '../apps/server/src/db/schema/index';
import type { Figure } from './run';
import { createActiveUser, percentile, sampleLatencies, startBenchApp } from './support';

const SAMPLES = 100;
/**
 * What a login may add to the bare route: one more durable statement (the sign-in write costs about
 * what the read does, 0.5-0.8 ms here) plus the token, validation and rate limits, with room for noise.
 */
const GOAL = 1.3;

/**
 * Login p50 against a bare Fastify route in the same process doing the work a login cannot avoid:
 * read the user's password hash by e-mail with the same driver, argon2id-verify the password (the
 * same parameters) and answer. The ratio is what the rest of a login costs: validation, the rate
 * limits, the sign-in write (refresh token, audit event, last login: one durable statement), the
 * access token and the reply. Both are timed alternately from a client process of its own.
 *
 * The argon2id verify alone is reported too (INFO): it was this figure's limit until 2026-11-24,
 * which made the ratio depend on how fast the machine hashes relative to everything else (a
 * faster argon2 read as a slower login).
 */
export async function loginBench(): Promise<Figure[]> {
  const { app, close, url } = await startBenchApp();
  const { row: user, email, password } = await createActiveUser(app);

  const db = app.ctx.database.db;
  const hashByEmail = db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, sql.placeholder('email')))
    .limit(1)
    .prepare('bare_login');
  const bare = Fastify({ logger: false });
  bare.post('/bare-login', async (request, reply) => {
    const body = request.body as { email: string; password: string };
    const [row] = await hashByEmail.execute({ email: body.email.toLowerCase() });
    if (!row || !(await verify(row.passwordHash, body.password)))
      return reply.code(401).send({ success: false });
    return { success: true };
  });
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  const body = JSON.stringify({ email, password });
  const headers = { 'content-type': 'application/json' };
  const [loginTimes, bareTimes] = await sampleLatencies(
    [
      { url: `${url}/api/auth/login`, headers, body },
      { url: `${bareUrl}/bare-login`, headers, body },
    ],
    SAMPLES,
  );

  // The old yardstick, for reference: argon2id verify of the user's own hash alone, in this
  // process, server idle.
  const verifyTimes: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t = performance.now();
    await verify(user.passwordHash, password);
    verifyTimes.push(performance.now() - t);
  }

  await bare.close();
  await close();
  await app.ctx.database.close();

  const login = percentile(loginTimes as number[], 50);
  const floor = percentile(bareTimes as number[], 50);
  const argon = percentile(verifyTimes, 50);
  const ratio = login / floor;
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return [
    {
      name: `login p50, POST /api/auth/login (${app.ctx.database.driver})`,
      value: round(login),
      unit: 'ms',
      limitName: 'bare route: same e-mail read, same argon2id verify',
      limit: round(floor),
      ratio,
      goal: `<= ${GOAL}`,
      pass: ratio <= GOAL,
    },
    {
      name: 'login p50 against the argon2id verify alone (no HTTP, no read)',
      value: round(login),
      unit: 'ms',
      limitName: 'argon2id verify p50',
      limit: round(argon),
      ratio: login / argon,
      goal: 'none: reported',
      pass: true,
      informational: true,
    },
  ];
}
