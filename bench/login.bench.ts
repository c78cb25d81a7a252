import { verify } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { users } from '../apps/server/src/db/schema/index';
import { type Engine, startBenchApp } from './engine';
import { compare, type Figure, spread } from './figure';
import { latencyRounds } from './latency-client';
import { createUser, ROUNDS } from './support';

const PER_ROUND = 20;
/**
 * What a login may add to the bare route: one more durable statement (the sign-in write costs about
 * what the read does, 0.5-0.8 ms here) plus the token, validation and rate limits, with room for noise.
 */
const GOAL = 1.3;

/**
 * Login p50 against a bare Fastify route in the same process doing the work a login cannot avoid:
 * read the user's password hash by e-mail as a named prepared statement (as the app's sign-in
 * statement is), argon2id-verify the password (the same parameters: the user's own hash) and
 * answer. The ratio is what the rest of a login costs: validation, the rate limits, the sign-in
 * write (refresh token, audit event, last login: one durable statement), the access token and the
 * reply. Timed request by request, alternately, from a client process of its own.
 */
export async function loginBench(engine: Engine): Promise<Figure[]> {
  const bench = await startBenchApp(engine);
  const bare = Fastify({ logger: false });
  try {
    const { email, password } = await createUser(bench.database.db);
    const hashByEmail = bench.database.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, sql.placeholder('email')))
      .limit(1)
      .prepare('bare_login');
    bare.post('/bare-login', async (request, reply) => {
      const body = request.body as { email: string; password: string };
      const [row] = await hashByEmail.execute({ email: body.email.toLowerCase() });
      if (!row || !(await verify(row.passwordHash, body.password)))
        return reply.code(401).send({ success: false });
      return { success: true };
    });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

    const body = JSON.stringify({ email, password });
    const [app, floor] = await latencyRounds({
      targets: [
        { url: `${bench.url}/api/auth/login`, body },
        { url: `${bareUrl}/bare-login`, body },
      ],
      rounds: ROUNDS,
      perRound: PER_ROUND,
    });
    return [
      compare({
        name: 'login p50, POST /api/auth/login',
        engine: engine.name,
        unit: 'ms',
        app: spread(app as number[]),
        limitName: 'bare route: same prepared e-mail read, same argon2id verify',
        limit: spread(floor as number[]),
        goal: { atMost: GOAL },
      }),
    ];
  } finally {
    await bare.close();
    await bench.close();
  }
}
