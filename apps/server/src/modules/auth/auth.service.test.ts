import { describe, expect, it } from 'vitest';
import { fakeDeps, makeUser } from './auth.fakes';
import { AuthService } from './auth.service';

const meta = { ip: '10.0.0.1', userAgent: null };
const input = (email: string) => ({
  email,
  password: 'Str0ngPassword',
  firstName: 'Jane',
  lastName: 'Doe',
  selectedPlan: 'personal',
  source: 'direct',
});

describe('AuthService', () => {
  it('gives the configured address the superadmin role and resolves the plan alias', async () => {
    const f = fakeDeps({ superadminEmail: 'boss@example.com' });
    const auth = new AuthService(f.deps);
    await auth.register(input('boss@example.com'), meta);
    await auth.register(input('jane@example.com'), meta);
    expect(f.store.users.rows.map((u) => [u.email, u.role, u.selectedPlan])).toEqual([
      ['boss@example.com', 'superadmin', 'basic'],
      ['jane@example.com', 'user', 'basic'],
    ]);
    expect(f.mails.map((m) => m.kind)).toEqual(['signup_code', 'signup_code']);
  });

  it('answers a sign-up that lost the race for the address as the existing account', async () => {
    const f = fakeDeps();
    const winner = makeUser({ email: 'jane@example.com', status: 'unconfirmed', confirmedAt: null });
    f.store.users.insert = async () => {
      // The other request inserted first: our insert fails on the unique index.
      f.store.users.rows.push(winner);
      throw Object.assign(new Error('duplicate'), { cause: { code: '23505' } });
    };
    const reply = await new AuthService(f.deps).register(input('jane@example.com'), meta);
    expect(reply).toMatchObject({ existing: true, userSub: winner.id });
    expect(f.mails).toHaveLength(1);
  });

  it('removes the new account when its code cannot be mailed', async () => {
    const f = fakeDeps({
      mailer: {
        send: async () => {
          throw new Error('smtp down');
        },
      },
    });
    await expect(new AuthService(f.deps).register(input('jane@example.com'), meta)).rejects.toMatchObject({
      statusCode: 503,
      code: 'CodeDeliveryFailureException',
    });
    expect(f.store.users.rows).toHaveLength(0);
    expect(f.audits).toHaveLength(0);
  });

  it('mails reset codes only to active accounts', async () => {
    const f = fakeDeps();
    f.store.users.rows.push(
      makeUser({ email: 'pending@example.com', status: 'unconfirmed', confirmedAt: null }),
      makeUser({ email: 'off@example.com', status: 'disabled' }),
      makeUser({ email: 'on@example.com' }),
    );
    const auth = new AuthService(f.deps);
    for (const email of ['pending@example.com', 'off@example.com', 'on@example.com', 'ghost@example.com']) {
      expect((await auth.forgotPassword(email)).success).toBe(true);
    }
    expect(f.mails.map((m) => m.to)).toEqual(['on@example.com']);
  });

  it('resets the password, spends the code and ends every session', async () => {
    const f = fakeDeps();
    const user = makeUser({ email: 'on@example.com' });
    f.store.users.rows.push(user);
    await f.store.refreshTokens.insert({
      userId: user.id,
      familyId: 'f1',
      tokenHash: 'h',
      expiresAt: new Date(8e12),
    });
    const auth = new AuthService(f.deps);
    await auth.forgotPassword('on@example.com');
    const code = f.mails[0]?.text.match(/^(\d{6})$/m)?.[1] ?? '';
    await auth.resetPassword('on@example.com', code, 'N3wPassword', meta);
    expect(user.passwordHash).toBe('hash:N3wPassword');
    expect(f.store.refreshTokens.rows[0]?.revokedAt).not.toBeNull();
    expect(f.store.codes.rows[0]?.consumedAt).not.toBeNull();
    await expect(auth.resetPassword('on@example.com', code, 'An0therPass', meta)).rejects.toMatchObject({
      code: 'CodeMismatchException',
    });
  });

  it('tells onEmailVerified once a code proves the address (the store then gives it its guest orders)', async () => {
    const verified: Array<{ id: string; email: string }> = [];
    const f = fakeDeps({ onEmailVerified: async (u) => void verified.push(u) });
    const auth = new AuthService(f.deps);
    await auth.register(input('jane@example.com'), meta);
    const code = f.mails[0]?.text.match(/^\d{6}$/m)?.[0] as string;
    const wrong = code === '000000' ? '111111' : '000000';
    await expect(auth.confirm('jane@example.com', wrong, meta)).rejects.toMatchObject({ statusCode: 400 });
    expect(verified).toEqual([]);
    await auth.confirm('jane@example.com', code, meta);
    const user = f.store.users.rows[0];
    expect(verified).toEqual([{ id: user?.id, email: 'jane@example.com' }]);
  });

  it('a failing onEmailVerified hook never fails the confirmation', async () => {
    const f = fakeDeps({
      onEmailVerified: async () => {
        throw new Error('store down');
      },
    });
    const auth = new AuthService(f.deps);
    await auth.register(input('jane@example.com'), meta);
    const code = f.mails[0]?.text.match(/^\d{6}$/m)?.[0] as string;
    await expect(auth.confirm('jane@example.com', code, meta)).resolves.toMatchObject({ success: true });
  });
});
