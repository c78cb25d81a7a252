import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../../test/pglite-template.global';
import { openDatabase } from './client';

/** The migrations folder as it stood before `tag`: the files and a journal that ends before it. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'stratos-migrations-'));
  cpSync(migrationsDir, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

describe('migration 0013', () => {
  const older = migrationsBefore('0013_auth_hardening');
  afterAll(() => rmSync(older, { recursive: true, force: true }));

  it('hides the codes of code mails the outbox kept before it', async () => {
    const database = await openDatabase({ pglite: await PGlite.create() });
    try {
      await database.migrate(older);
      await database.db.execute(
        `insert into outbox (to_address, subject, text_body, html_body, kind) values
        ('a@example.test', 'Your code', E'Hi\\n\\n482913\\n', '<p>482913</p>', 'reset_code'),
        ('b@example.test', 'Invoice 123456', 'Order 123456', null, 'receipt')` as never,
      );
      await database.migrate(migrationsDir);
      const { rows } = (await database.db.execute(
        'select to_address, subject, text_body, html_body, redacted from outbox order by to_address' as never,
      )) as unknown as { rows: Record<string, unknown>[] };
      expect(rows).toEqual([
        {
          to_address: 'a@example.test',
          subject: 'Your code',
          text_body: 'Hi\n\n••••••\n',
          html_body: '<p>••••••</p>',
          redacted: true,
        },
        // Mail of other kinds is left as it was.
        {
          to_address: 'b@example.test',
          subject: 'Invoice 123456',
          text_body: 'Order 123456',
          html_body: null,
          redacted: false,
        },
      ]);
    } finally {
      await database.close();
    }
  });
});
