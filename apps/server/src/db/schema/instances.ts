import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The API processes alive on this database, each under a lease it renews (its heartbeat). What a
 * process holds while it works (upload quota reservations, temporary upload objects, credit holds
 * of AI calls in flight) carries its id, so once its lease lapses (or it is found dead on its own
 * host) another process, or the next start, gives all of it back at once.
 */
export const serverInstances = pgTable(
  'server_instances',
  {
    id: uuid('id').primaryKey(),
    /** Host name and PID namespace: a PID means something only there. */
    host: text('host').notNull(),
    pid: integer('pid').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Renewed by the heartbeat; past it the process is taken for dead. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('server_instances_expiry_idx').on(t.expiresAt)],
);
