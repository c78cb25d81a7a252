import type { AuditEvent, AuditQuery, ClientAuditBody } from '@stratos/contracts/audit/audit.schema';
import type { AuditRepository, AuditRow, NewAuditEvent } from './audit.repository';

export interface AuditActor {
  userId?: string | null;
  email?: string | null;
  ip?: string | null;
}

/** The row of an event the server records itself. */
export function serverAuditEvent(
  operation: string,
  actor: AuditActor,
  details: Record<string, unknown> = {},
): NewAuditEvent {
  return {
    operation,
    source: 'server',
    userId: actor.userId ?? null,
    actorEmail: actor.email ?? null,
    ip: actor.ip ?? null,
    details,
  };
}

/** Records security-relevant events; the server writes its own, the client may add its own. */
export class AuditService {
  constructor(private readonly repo: AuditRepository) {}

  record(operation: string, actor: AuditActor, details: Record<string, unknown> = {}): Promise<void> {
    return this.repo.insert(serverAuditEvent(operation, actor, details));
  }

  recordFromClient(body: ClientAuditBody, actor: AuditActor): Promise<void> {
    return this.repo.insert({
      operation: `client.${body.operation}`,
      source: 'client',
      userId: actor.userId ?? null,
      actorEmail: actor.email ?? null,
      ip: actor.ip ?? null,
      details: { ...(body.details ?? {}), clientTimestamp: body.timestamp, client: body.client },
    });
  }

  async list(query: AuditQuery & { limit: number; offset: number }) {
    const { rows, total } = await this.repo.list({
      operation: query.operation,
      userId: query.userId,
      search: query.search,
      limit: query.limit,
      offset: query.offset,
    });
    return { events: rows.map(toAuditEvent), total };
  }
}

function toAuditEvent(row: AuditRow): AuditEvent {
  return {
    id: row.id,
    operation: row.operation,
    source: row.source,
    userId: row.userId,
    actorEmail: row.actorEmail,
    ip: row.ip,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
  };
}
