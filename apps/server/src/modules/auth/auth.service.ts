import { AUDIT_OPERATIONS } from '@stratos/contracts/audit/audit.schema';
import { ACCOUNT_MESSAGES } from '@stratos/contracts/auth/auth-messages';
import type { MessageReply } from '@stratos/contracts/auth/codes.schema';
import type { RegisterReply } from '@stratos/contracts/auth/register.schema';
import { AUTH_MESSAGES } from '@stratos/contracts/common/error-codes';
import { resolvePlanId } from '@stratos/contracts/plans/plan.schema';
import { AppError } from '../../lib/app-error';
import type { Mail } from '../../mail/mailer';
import type { UserRow } from '../users/users.repository';
import type { AuthDeps, RequestMeta } from './auth.deps';
import { isUniqueViolation } from './auth.store';
import { maskEmail, resetCodeMail, signupCodeMail } from './code-mail.template';
import { emailVerified } from './session.service';
import { codeMismatch } from './verification-codes.service';

export interface RegisterInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  company?: string | null;
  selectedPlan: string;
  source: string;
}

const alreadyConfirmed = () =>
  new AppError(400, 'InvalidParameterException', ACCOUNT_MESSAGES.alreadyConfirmed);
const deliveryFailed = (message: string) => new AppError(503, 'CodeDeliveryFailureException', message);

/**
 * The identity calls of part 1 section 7 (SignUp, ConfirmSignUp, ResendConfirmationCode,
 * ForgotPassword, ConfirmForgotPassword), failing with the identity provider's error names
 * (DECISIONS.md section 4). Sessions live in session.service.ts.
 */
export class AuthService {
  constructor(private readonly d: AuthDeps) {}

  async register(input: RegisterInput, meta: RequestMeta): Promise<RegisterReply> {
    const { store } = this.d;
    const existing = await store.users.findByEmail(input.email);
    if (existing) return this.registerExisting(existing, meta);

    const passwordHash = await this.d.hasher.hash(input.password);
    let created: { user: UserRow; code: string };
    try {
      created = await store.transaction(async (tx) => {
        const user = await tx.users.insert({
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          company: input.company || null,
          role: input.email === this.d.superadminEmail ? 'superadmin' : 'user',
          selectedPlan: resolvePlanId(input.selectedPlan),
          source: input.source || 'direct',
        });
        return { user, code: await this.d.codes.issue(tx.codes, user.id, 'signup') };
      });
    } catch (err) {
      // Two sign-ups for one address at once: the loser answers as the second request would have.
      if (!isUniqueViolation(err)) throw err;
      const winner = await store.users.findByEmail(input.email);
      if (!winner) throw err;
      return this.registerExisting(winner, meta);
    }

    const { user, code } = created;
    try {
      await this.d.mailer.send(signupCodeMail({ to: user.email, firstName: user.firstName, code }));
    } catch (err) {
      // An account whose code never left cannot be confirmed; remove it so a retry starts clean.
      this.d.log.error({ err, userId: user.id }, 'sign-up code could not be sent; account removed');
      await store.users.delete(user.id);
      throw deliveryFailed(AUTH_MESSAGES.signupFailed);
    }
    await this.d.audit.record(
      AUDIT_OPERATIONS.signUp,
      { userId: user.id, email: user.email, ip: meta.ip },
      { selectedPlan: user.selectedPlan, source: user.source, role: user.role },
    );
    return {
      success: true,
      existing: false,
      userSub: user.id,
      codeDeliveryDestination: maskEmail(user.email),
      message: ACCOUNT_MESSAGES.registered,
    };
  }

  /** Part 1 section 4: signing up again before confirming just mails a new code to the same account. */
  private async registerExisting(user: UserRow, meta: RequestMeta): Promise<RegisterReply> {
    if (user.status !== 'unconfirmed') {
      throw new AppError(409, 'UsernameExistsException', AUTH_MESSAGES.alreadyRegistered);
    }
    await this.sendCode(user, 'signup', AUTH_MESSAGES.resendFailed);
    await this.d.audit.record(
      AUDIT_OPERATIONS.signUp,
      { userId: user.id, email: user.email, ip: meta.ip },
      { existing: true },
    );
    return {
      success: true,
      existing: true,
      userSub: user.id,
      codeDeliveryDestination: maskEmail(user.email),
      message: AUTH_MESSAGES.newCodeSent,
    };
  }

  async confirm(email: string, code: string, meta: RequestMeta): Promise<MessageReply> {
    const { store } = this.d;
    const user = await store.users.findByEmail(email);
    if (!user) throw codeMismatch();
    this.assertUnconfirmed(user);
    const codeId = await this.d.codes.check(store.codes, user.id, 'signup', code);
    await store.transaction(async (tx) => {
      if (!(await tx.codes.consume(codeId, this.d.clock.now()))) throw codeMismatch();
      if (!(await tx.users.activate(user.id, this.d.clock.now()))) throw alreadyConfirmed();
    });
    await this.d.audit.record(AUDIT_OPERATIONS.confirm, { userId: user.id, email: user.email, ip: meta.ip });
    await emailVerified(this.d, user);
    return { success: true, message: ACCOUNT_MESSAGES.confirmed };
  }

  /** Unknown addresses get the same reply as known ones: this call must not reveal who has an account. */
  async resendCode(email: string): Promise<MessageReply> {
    const user = await this.d.store.users.findByEmail(email);
    if (user) {
      this.assertUnconfirmed(user);
      await this.sendCode(user, 'signup', AUTH_MESSAGES.resendFailed);
    }
    return { success: true, message: AUTH_MESSAGES.newCodeSent };
  }

  /** Always the same reply; a reset code goes out only to an existing, active account. */
  async forgotPassword(email: string): Promise<MessageReply> {
    const user = await this.d.store.users.findByEmail(email);
    if (user?.status === 'active') {
      try {
        await this.sendCode(user, 'reset', AUTH_MESSAGES.resendFailed);
      } catch {
        // Failing loudly would tell the caller the account exists; sendCode has logged the fault.
      }
    }
    return { success: true, message: ACCOUNT_MESSAGES.resetCodeSent };
  }

  async resetPassword(email: string, code: string, newPassword: string, meta: RequestMeta) {
    const { store } = this.d;
    const user = await store.users.findByEmail(email);
    if (user?.status !== 'active') throw codeMismatch();
    const codeId = await this.d.codes.check(store.codes, user.id, 'reset', code);
    const passwordHash = await this.d.hasher.hash(newPassword);
    await store.transaction(async (tx) => {
      const now = this.d.clock.now();
      if (!(await tx.codes.consume(codeId, now))) throw codeMismatch();
      await tx.users.update(user.id, { passwordHash });
      // Whoever knew the old password may hold a session; end them all.
      await tx.refreshTokens.revokeAllForUser(user.id, now);
    });
    // Access tokens signed before the reset stop working on their next request.
    this.d.accessStates.invalidate(user.id);
    await this.d.audit.record(AUDIT_OPERATIONS.passwordReset, {
      userId: user.id,
      email: user.email,
      ip: meta.ip,
    });
    return { success: true as const, message: ACCOUNT_MESSAGES.passwordReset };
  }

  private assertUnconfirmed(user: UserRow): void {
    if (user.status === 'unconfirmed') return;
    if (user.confirmedAt) throw alreadyConfirmed();
    // Disabled by an admin before ever confirming.
    throw new AppError(403, 'NotAuthorizedException', AUTH_MESSAGES.disabled);
  }

  private async sendCode(user: UserRow, purpose: 'signup' | 'reset', failMessage: string): Promise<void> {
    const code = await this.d.store.transaction((tx) => this.d.codes.issue(tx.codes, user.id, purpose));
    const build = purpose === 'signup' ? signupCodeMail : resetCodeMail;
    const mail: Mail = build({ to: user.email, firstName: user.firstName, code });
    try {
      await this.d.mailer.send(mail);
    } catch (err) {
      this.d.log.error({ err, userId: user.id }, `${purpose} code could not be sent`);
      throw deliveryFailed(failMessage);
    }
  }
}
