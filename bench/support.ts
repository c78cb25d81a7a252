import { randomBytes, randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { Role } from '@stratos/contracts/access/roles';
import { effectivePermissions } from '@stratos/contracts/access/roles';
import type { Db } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema/index';
import { type TokenService, VERIFIED_TOKENS_KEPT } from '../apps/server/src/modules/auth/token.service';
import { type UserRow, UsersRepository } from '../apps/server/src/modules/users/users.repository';

const debugOn = Boolean(process.env.BENCH_DEBUG);
export const debug = (msg: string) => {
  if (debugOn) console.error(`[bench] ${msg}`);
};

/**
 * How many different access tokens a run sends, rotated request by request: ten times the verified
 * tokens the app's guard keeps (token.service.ts, which keeps the ones it holds once full), so nine
 * requests in ten verify their token as a client's first request after a sign-in does.
 */
export const TOKENS = Number(process.env.BENCH_TOKENS ?? 10 * VERIFIED_TOKENS_KEPT);

export interface BenchUser {
  row: UserRow;
  email: string;
  password: string;
}

const PASSWORD = `Bench${randomBytes(4).toString('hex')}1`;
let passwordHash: Promise<string> | undefined;

/**
 * An active, confirmed user inserted through the app's repository. Every bench user has the same
 * password (hashed once per run: an argon2id hash costs tens of milliseconds).
 */
export async function createUser(
  db: Db,
  opts: { role?: Role; plan?: string; email?: string } = {},
): Promise<BenchUser> {
  passwordHash ??= hash(PASSWORD);
  const email = opts.email ?? `bench-${randomBytes(6).toString('hex')}@stratos.test`;
  const row = await new UsersRepository(db).insert({
    email,
    passwordHash: await passwordHash,
    firstName: 'Bench',
    lastName: 'User',
    role: opts.role ?? 'user',
    subscriptionPlan: opts.plan ?? 'free',
    status: 'active',
    confirmedAt: new Date(),
  });
  return { row, email, password: PASSWORD };
}

/** `n` active users in one statement per 1,000 (a bench needs thousands; one by one takes long on PGlite). */
export async function createUsers(db: Db, n: number): Promise<UserRow[]> {
  passwordHash ??= hash(PASSWORD);
  const hashed = await passwordHash;
  const out: UserRow[] = [];
  for (let start = 0; start < n; start += 1000) {
    const values = Array.from({ length: Math.min(1000, n - start) }, () => ({
      email: `bench-${randomBytes(6).toString('hex')}@stratos.test`,
      passwordHash: hashed,
      firstName: 'Bench',
      lastName: 'User',
      status: 'active' as const,
      confirmedAt: new Date(),
    }));
    out.push(...(await db.insert(users).values(values).returning()));
  }
  return out;
}

/**
 * `n` different access tokens of one user, as `n` sign-ins would give (each its own session id),
 * signed by the app's token service (or one built with the server's secret).
 */
export async function accessTokens(tokens: TokenService, user: UserRow, n = TOKENS): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    out.push(
      await tokens.signAccess({
        id: user.id,
        email: user.email,
        name: `${user.firstName} ${user.lastName}`,
        role: user.role,
        permissions: effectivePermissions(user.role, user.grantedPermissions),
        sessionId: randomUUID(),
        tokenVersion: user.tokenVersion,
      }),
    );
  }
  return out;
}

/** Authorization header sets, one per token, for a client to rotate through. */
export const bearerSets = (tokens: string[]) => tokens.map((t) => ({ authorization: `Bearer ${t}` }));

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Alternating rounds per side of every figure (BENCH_ROUNDS). */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Seconds of one throughput round (BENCH_SECONDS). */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
/** Concurrent connections of the throughput figures. */
export const CONNECTIONS = 50;

/** Throws when a load run had failures: a figure from failed requests would mean nothing. */
export function assertClean(what: string, r: { non2xx: number; errors: number }) {
  if (r.non2xx > 0 || r.errors > 0)
    throw new Error(`${what}: ${r.non2xx} non-2xx replies, ${r.errors} errors`);
}
