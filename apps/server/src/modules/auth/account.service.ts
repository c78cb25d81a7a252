import { AUDIT_OPERATIONS } from '@stratos/contracts/audit/audit.schema';
import { ACCOUNT_MESSAGES } from '@stratos/contracts/auth/auth-messages';
import type { MessageReply } from '@stratos/contracts/auth/codes.schema';
import type { MeReply, UpdateProfileBody } from '@stratos/contracts/auth/session.schema';
import { AppError, notFound } from '../../lib/app-error';
import { toPublicUser } from '../users/public-user';
import type { UserPatch, UserRow } from '../users/users.repository';
import type { AuthDeps, RequestMeta } from './auth.deps';

const userGone = () => notFound(ACCOUNT_MESSAGES.userNotFound);

/** The signed-in user's own account: profile and password. */
export class AccountService {
  constructor(private readonly d: AuthDeps) {}

  /** Read fresh from the database: the token's copy may be up to 15 minutes old. */
  async me(userId: string): Promise<MeReply> {
    return { success: true, user: toPublicUser(await this.load(userId)) };
  }

  async updateProfile(userId: string, body: UpdateProfileBody): Promise<MeReply> {
    const patch: UserPatch = {};
    if (body.firstName !== undefined) patch.firstName = body.firstName;
    if (body.lastName !== undefined) patch.lastName = body.lastName;
    if (body.company !== undefined) patch.company = body.company || null;
    if (Object.keys(patch).length === 0) return this.me(userId);
    const row = await this.d.store.users.update(userId, patch);
    if (!row) throw userGone();
    return { success: true, user: toPublicUser(row) };
  }

  /** Keeps the session that asked (`sessionId`) and ends every other one. */
  async changePassword(
    userId: string,
    sessionId: string | null,
    input: { currentPassword: string; newPassword: string },
    meta: RequestMeta,
  ): Promise<MessageReply> {
    const { store } = this.d;
    const user = await this.load(userId);
    if (!(await this.d.hasher.verify(user.passwordHash, input.currentPassword))) {
      throw new AppError(400, 'NotAuthorizedException', ACCOUNT_MESSAGES.currentPasswordIncorrect);
    }
    const passwordHash = await this.d.hasher.hash(input.newPassword);
    await store.transaction(async (tx) => {
      await tx.users.update(user.id, { passwordHash });
      await tx.refreshTokens.revokeAllForUserExcept(user.id, sessionId, this.d.clock.now());
    });
    // Every access token signed before stops working; this session's client refreshes its own.
    this.d.accessStates.invalidate(user.id);
    await this.d.audit.record(AUDIT_OPERATIONS.passwordChange, {
      userId: user.id,
      email: user.email,
      ip: meta.ip,
    });
    return { success: true, message: ACCOUNT_MESSAGES.passwordChanged };
  }

  private async load(userId: string): Promise<UserRow> {
    const row = await this.d.store.users.findById(userId);
    if (!row) throw userGone();
    return row;
  }
}
