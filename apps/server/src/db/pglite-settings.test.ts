import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, PGLITE_SHARED_BUFFERS } from './client';

describe('the PGlite the app opens', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'stratos-pglite-settings-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs with its own buffer pool size, on a new data directory and on a reopened one', async () => {
    for (let open = 0; open < 2; open++) {
      const database = await openDatabase({ dataDir: path.join(dir, 'pglite') });
      try {
        const result = await database.db.execute(sql`show shared_buffers`);
        expect((result as unknown as { rows: { shared_buffers: string }[] }).rows[0]?.shared_buffers).toBe(
          PGLITE_SHARED_BUFFERS,
        );
      } finally {
        await database.close();
      }
    }
  });
});
