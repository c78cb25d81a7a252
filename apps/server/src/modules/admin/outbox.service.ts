import type { OutboxMail } from '@stratos/contracts/admin/admin-users.schema';
import type { OutboxFilter, OutboxRepository, OutboxRow } from './outbox.repository';

/** Mail the server sent or kept, for the admin page (and a first user's verification code). */
export class OutboxService {
  constructor(private readonly repo: Pick<OutboxRepository, 'list'>) {}

  async list(filter: OutboxFilter): Promise<{ mails: OutboxMail[]; total: number }> {
    // Recipients are stored lower-cased (users' addresses are), so match the same way.
    const { rows, total } = await this.repo.list({ ...filter, to: filter.to?.toLowerCase() || undefined });
    return { mails: rows.map(toOutboxMail), total };
  }
}

function toOutboxMail(row: OutboxRow): OutboxMail {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    kind: row.kind,
    redacted: row.redacted,
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}
