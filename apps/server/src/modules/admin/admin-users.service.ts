import { roleAtLeast } from '@stratos/contracts/access/roles';
import type { AdminUserPatch } from '@stratos/contracts/admin/admin-users.schema';
import { ADMIN_ERRORS } from '@stratos/contracts/admin/admin-users.schema';
import type { PublicUser } from '@stratos/contracts/auth/user.schema';
import { GUARD_ERRORS } from '@stratos/contracts/common/error-codes';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { AuditRepository } from '../audit/audit.repository';
import { AuditService } from '../audit/audit.service';
import type { AccessStateCache } from '../auth/access-state-cache';
import { RefreshTokensRepository } from '../auth/refresh-tokens.repository';
import { toPublicUser } from '../users/public-user';
import { UsersRepository } from '../users/users.repository';
import { planUserChange } from './admin-user.rules';
import { type AdminUserFilter, AdminUsersRepository } from './admin-users.repository';

const uuid = z.uuid();

export interface ActingAdmin {
  id: string;
  email: string;
  ip: string;
}

export class AdminUsersService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly accessStates: Pick<AccessStateCache, 'invalidate'>,
  ) {}

  async list(filter: AdminUserFilter): Promise<{ users: PublicUser[]; total: number }> {
    const { rows, total } = await new AdminUsersRepository(this.db).list(filter);
    return { users: rows.map(toPublicUser), total };
  }

  /**
   * Applies one PATCH in one transaction: the locked read, the update, the revocation of sessions
   * and the audit rows commit together or not at all, so the log never records a change that
   * did not happen (nor misses one that did).
   */
  async update(actor: ActingAdmin, id: string, change: AdminUserPatch): Promise<PublicUser> {
    if (!uuid.safeParse(id).success) throw notFound();
    const updated = await this.db.transaction(async (tx) => {
      const usersRepo = new UsersRepository(tx);
      // The token's role may be up to one token lifetime old; a demoted or disabled admin must
      // not keep granting roles until it expires.
      const current = await usersRepo.findById(actor.id);
      if (!current || current.status === 'disabled' || !roleAtLeast(current.role, 'admin')) {
        throw new AppError(403, 'INSUFFICIENT_PERMISSIONS', GUARD_ERRORS.INSUFFICIENT_PERMISSIONS);
      }
      const target = await new AdminUsersRepository(tx).findForUpdate(id);
      if (!target) throw notFound();
      const plan = planUserChange({ id: actor.id, role: current.role }, target, change);
      let row = target;
      if (Object.keys(plan.patch).length > 0) row = (await usersRepo.update(id, plan.patch)) ?? target;
      if (plan.revokeSessions) await new RefreshTokensRepository(tx).revokeAllForUser(id, this.clock.now());
      const audit = new AuditService(new AuditRepository(tx));
      for (const entry of plan.audit) {
        await audit.record(
          entry.operation,
          { userId: actor.id, email: actor.email, ip: actor.ip },
          entry.details,
        );
      }
      return toPublicUser(row);
    });
    // After the commit: the account's tokens stop working on their next request here at once
    // (other processes hear it from the users trigger's notification).
    this.accessStates.invalidate(id);
    return updated;
  }
}

const notFound = () => new AppError(404, 'NOT_FOUND', ADMIN_ERRORS.USER_NOT_FOUND);
