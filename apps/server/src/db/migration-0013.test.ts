import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsBefore } from '../../test/migrations.fixture';
import { migrationsDir } from '../../test/pglite-template.global';
import { openDatabase } from './client';
import { PGLITE_EXTENSIONS } from './pglite-extensions';

describe('migration 0013', () => {
  const older = migrationsBefore('0013_auth_hardening');
  afterAll(() => rmSync(older, { recursive: true, force: true }));

  it('hides the codes of code mails the outbox kept before it', async () => {
    const database = await openDatabase({ pglite: await PGlite.create({ extensions: PGLITE_EXTENSIONS }) });
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
