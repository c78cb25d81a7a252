import { randomUUID } from 'node:crypto';
import type { NewAuditEvent } from '../audit/audit.repository';
import type { AuditActor } from '../audit/audit.service';
import type { UserRow } from '../users/users.repository';
import type { AuthDeps } from './auth.deps';
import type { AuthRepos, AuthStore } from './auth.store';
import type { PasswordHasher } from './password-hasher.service';
import type { RefreshTokenRow } from './refresh-tokens.repository';
import type { VerificationCodeRow } from './verification-codes.repository';
import { VerificationCodesService } from './verification-codes.service';

type CodesRepo = AuthRepos['codes'];
type RefreshRepo = AuthRepos['refreshTokens'];
type UsersRepo = AuthRepos['users'];

/** In-memory stand-ins for the identity services' dependencies, for unit tests. */
export class FakeClock {
  constructor(private t = Date.parse('2030-01-01T00:00:00Z')) {}
  now = () => new Date(this.t);
  advance(ms: number) {
    this.t += ms;
  }
}

export function makeUser(patch: Partial<UserRow> = {}): UserRow {
  const now = new Date('2030-01-01T00:00:00Z');
  return {
    id: randomUUID(),
    email: 'jane@example.com',
    passwordHash: 'hash:Str0ngPassword',
    firstName: 'Jane',
    lastName: 'Doe',
    company: null,
    role: 'user',
    grantedPermissions: [],
    status: 'active',
    subscriptionPlan: 'free',
    selectedPlan: 'free',
    source: 'direct',
    tokenVersion: 0,
    confirmedAt: now,
    lastLoginAt: null,
    createdAt: now,
    updatedAt: now,
    ...patch,
  };
}

export class FakeCodes implements CodesRepo {
  rows: VerificationCodeRow[] = [];
  async invalidatePending(userId: string, purpose: VerificationCodeRow['purpose'], at: Date) {
    for (const r of this.rows)
      if (r.userId === userId && r.purpose === purpose && !r.consumedAt) r.consumedAt = at;
  }
  async insert(code: Parameters<CodesRepo['insert']>[0]) {
    this.rows.push({ id: randomUUID(), failedAttempts: 0, consumedAt: null, ...code });
  }
  async findPending(userId: string, purpose: VerificationCodeRow['purpose']) {
    return this.rows.filter((r) => r.userId === userId && r.purpose === purpose && !r.consumedAt).at(-1);
  }
  async reserveAttempt(id: string, max: number) {
    const row = this.rows.find((r) => r.id === id && !r.consumedAt && r.failedAttempts < max);
    if (!row) return undefined;
    row.failedAttempts += 1;
    return row.failedAttempts;
  }
  async consume(id: string, at: Date) {
    const row = this.rows.find((r) => r.id === id && !r.consumedAt);
    if (row) row.consumedAt = at;
    return Boolean(row);
  }
}

export class FakeRefreshTokens implements RefreshRepo {
  rows: RefreshTokenRow[] = [];
  async insert(token: Parameters<RefreshRepo['insert']>[0]) {
    this.rows.push({
      id: randomUUID(),
      usedAt: null,
      revokedAt: null,
      createdAt: new Date(),
      userAgent: null,
      ip: null,
      ...token,
    } as RefreshTokenRow);
  }
  async findByHash(hash: string) {
    return this.rows.find((r) => r.tokenHash === hash);
  }
  async markUsed(id: string, at: Date) {
    const row = this.rows.find((r) => r.id === id && !r.usedAt && !r.revokedAt);
    if (row) row.usedAt = at;
    return Boolean(row);
  }
  async revokeFamily(familyId: string, at: Date) {
    for (const r of this.rows) if (r.familyId === familyId && !r.revokedAt) r.revokedAt = at;
  }
  async revokeAllForUser(userId: string, at: Date = new Date()) {
    for (const r of this.rows) if (r.userId === userId && !r.revokedAt) r.revokedAt = at;
  }
  async revokeAllForUserExcept(userId: string, keep: string | null, at: Date) {
    for (const r of this.rows)
      if (r.userId === userId && !r.revokedAt && r.familyId !== keep) r.revokedAt = at;
  }
}

export class FakeUsers implements UsersRepo {
  rows: UserRow[] = [];
  async findById(id: string) {
    return this.rows.find((u) => u.id === id);
  }
  async findByEmail(email: string) {
    return this.rows.find((u) => u.email === email.toLowerCase());
  }
  async insert(user: Parameters<UsersRepo['insert']>[0]) {
    const row = makeUser({ ...(user as Partial<UserRow>), confirmedAt: null, status: 'unconfirmed' });
    this.rows.push(row);
    return row;
  }
  async update(id: string, patch: Partial<UserRow>) {
    const row = this.rows.find((u) => u.id === id);
    if (row) Object.assign(row, patch);
    return row;
  }
  async activate(id: string, at: Date) {
    const row = this.rows.find((u) => u.id === id && u.status === 'unconfirmed');
    if (row) Object.assign(row, { status: 'active', confirmedAt: at });
    return row;
  }
  async delete(id: string) {
    this.rows = this.rows.filter((u) => u.id !== id);
  }
}

/**
 * A store whose "transaction" runs the function on the same fakes (no rollback). A sign-in's audit
 * event is handed to `onAudit`, as the real store writes it in the same statement.
 */
export function fakeStore(onAudit: (event: NewAuditEvent) => void = () => {}): AuthStore & {
  users: FakeUsers;
  codes: FakeCodes;
  refreshTokens: FakeRefreshTokens;
} {
  const repos = { users: new FakeUsers(), codes: new FakeCodes(), refreshTokens: new FakeRefreshTokens() };
  return {
    ...repos,
    transaction: (fn) => fn(repos),
    recordSignIn: async ({ token, at, event }) => {
      await repos.refreshTokens.insert(token);
      onAudit(event);
      return repos.users.update(token.userId, { lastLoginAt: at });
    },
  };
}

/** Hashes as `hash:<password>`: fast and obvious in assertions. */
export class FakeHasher implements PasswordHasher {
  dummyCalls = 0;
  async hash(password: string) {
    return `hash:${password}`;
  }
  async verify(passwordHash: string, password: string) {
    return passwordHash === `hash:${password}`;
  }
  async verifyDummy() {
    this.dummyCalls += 1;
  }
}

export function fakeDeps(overrides: Partial<AuthDeps> = {}) {
  const clock = new FakeClock();
  const audits: { operation: string; actor: AuditActor; details?: Record<string, unknown> }[] = [];
  const store = fakeStore((e) =>
    audits.push({
      operation: e.operation,
      actor: { userId: e.userId, email: e.actorEmail, ip: e.ip },
      details: e.details,
    }),
  );
  const hasher = new FakeHasher();
  const mails: { to: string; text: string; kind: string }[] = [];
  const invalidated: string[] = [];
  const deps: AuthDeps = {
    store,
    hasher,
    codes: new VerificationCodesService('test-secret', clock),
    tokens: { signAccess: async (s) => `token-for-${s.id}-${s.sessionId}`, accessTtlSeconds: 900 },
    mailer: { send: async (mail) => void mails.push(mail) },
    audit: { record: async (operation, actor, details) => void audits.push({ operation, actor, details }) },
    clock,
    log: { error: () => {} },
    accessStates: { invalidate: (id) => void invalidated.push(id) },
    refreshTokenTtlDays: 30,
    ...overrides,
  };
  return { deps, clock, store, hasher, audits, mails, invalidated };
}
