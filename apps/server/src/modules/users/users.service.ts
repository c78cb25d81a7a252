import type { Db } from '../../db/client';
import { UsersRepository } from './users.repository';

/** What other modules may read of a user, without reaching into this module's repository. */
export class UsersService {
  private readonly users: UsersRepository;

  constructor(db: Db) {
    this.users = new UsersRepository(db);
  }

  /** Where to write to a user (a workflow's e-mail step); null when there is no such user. */
  async contactOf(userId: string): Promise<{ email: string; name: string } | null> {
    const u = await this.users.findById(userId);
    return u ? { email: u.email, name: `${u.firstName} ${u.lastName}`.trim() || u.email } : null;
  }
}
