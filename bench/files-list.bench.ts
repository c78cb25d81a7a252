import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { blobs, files, folders } from '../apps/server/src/db/schema/index';
import type { Figure } from './run';
import { createActiveUser, startBenchApp } from './support';

const FILES = Number(process.env.BENCH_FILES ?? 100_000);
const PAGE = 50;
const ROUNDS = Number(process.env.BENCH_LIST_ROUNDS ?? 7);
const PER_ROUND = 20;

interface Case {
  label: string;
  sort: 'name' | 'size' | 'uploadDate' | 'type';
  direction: 'asc' | 'desc';
  search?: string;
}

const SORT_SQL: Record<Case['sort'], string> = {
  name: 'lower(name)',
  size: 'size',
  uploadDate: 'created_at',
  type: 'mime_type',
};

const CASES: Case[] = [
  ...(['name', 'size', 'uploadDate', 'type'] as const).flatMap((sort) =>
    (['asc', 'desc'] as const).map((direction) => ({ label: `sort ${sort} ${direction}`, sort, direction })),
  ),
  // Matches 1 file in 10: the page fills after ~500 index entries.
  { label: 'search "-7" (1 in 10)', sort: 'name', direction: 'asc', search: '-7' },
  // Matches 1 in 1,000: the whole folder is scanned for the 50 first.
  { label: 'search "4242" (1 in 1,000)', sort: 'uploadDate', direction: 'desc', search: '4242' },
  // Matches nothing: a full scan, and the exact total (0) comes with it.
  { label: 'search "zzz" (none)', sort: 'size', direction: 'asc', search: 'zzz' },
];

/** Median of a list of durations. */
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

/**
 * GET /api/files for a page of 50 from one folder of 100,000 files, against the same page's
 * SELECT sent through the same driver (PGlite or pg) with no HTTP, auth, validation or
 * serialisation: the ratio is what the API adds on top of the query. The API's statement also
 * reads the folder's breadcrumb, subfolders and live count.
 */
export async function filesListBench(): Promise<Figure[]> {
  const { app, close } = await startBenchApp();
  const { row: user, token } = await createActiveUser(app);
  const db = app.ctx.database.db;
  const headers = { authorization: `Bearer ${token}` };

  const [folder] = await db.insert(folders).values({ ownerId: user.id, name: 'Big' }).returning();
  const [blob] = await db
    .insert(blobs)
    .values({ backend: 'local', sha256: randomUUID(), size: 1, storageKey: 'bench/none', refCount: FILES })
    .returning();
  if (!folder || !blob) throw new Error('could not seed the folder');
  const seeded = Date.now();
  await db.execute(sql`
    insert into ${files} (owner_id, folder_id, name, mime_type, size, blob_id, checksum, created_at)
    select ${user.id}::uuid, ${folder.id}::uuid,
      (array['Report','photo','Invoice','notes','Backup'])[1 + g % 5] || '-' || ((g * 7919) % ${FILES}::bigint)
        || (array['.pdf','.jpg','.txt','.mp4','.zip'])[1 + (g / 5) % 5],
      (array['application/pdf','image/jpeg','text/plain','video/mp4','application/zip'])[1 + (g / 5) % 5],
      (g * 104729) % 50000000,
      ${blob.id}::uuid,
      md5(g::text),
      now() - make_interval(secs => g::double precision)
    from generate_series(1::bigint, ${FILES}::bigint) g`);
  await db.execute(sql`vacuum analyze files`);
  await db.execute(sql`vacuum analyze folder_file_counts`);
  const seedMs = Date.now() - seeded;

  const client = (
    db as unknown as { $client: { query(q: string, p: unknown[]): Promise<{ rows: unknown[] }> } }
  ).$client;
  const rawSql = (c: Case) =>
    `select id, name, size, mime_type, created_at, folder_id, checksum from files
     where owner_id = $1 and folder_id = $2 and deleted_at is null${c.search ? ` and name ilike $3` : ''}
     order by ${SORT_SQL[c.sort]} ${c.direction}, id ${c.direction} limit ${PAGE}`;
  const rawParams = (c: Case) => [user.id, folder.id, ...(c.search ? [`%${c.search}%`] : [])];
  const apiUrl = (c: Case) =>
    `/api/files?folderId=${folder.id}&sort=${c.sort}&direction=${c.direction}&limit=${PAGE}${
      c.search ? `&search=${encodeURIComponent(c.search)}` : ''
    }`;

  const figures: Figure[] = [];
  for (const c of CASES) {
    const check = await app.inject({ method: 'GET', url: apiUrl(c), headers });
    if (check.statusCode !== 200) throw new Error(`${c.label}: ${check.statusCode} ${check.body}`);
    const raw = await client.query(rawSql(c), rawParams(c));
    const listed = check.json().files as { id: string }[];
    if (
      listed.length !== raw.rows.length ||
      listed.some((f, i) => f.id !== (raw.rows[i] as { id: string }).id)
    ) {
      throw new Error(`${c.label}: the API and the raw query disagree`);
    }
    // Warm both, then alternate rounds and keep each side's best round (its median), as the other
    // figures do, so a noisy moment on a shared machine hurts neither side.
    const apiRounds: number[] = [];
    const rawRounds: number[] = [];
    for (let round = 0; round < ROUNDS + 1; round++) {
      const a: number[] = [];
      const r: number[] = [];
      for (let i = 0; i < PER_ROUND; i++) {
        let t = performance.now();
        await client.query(rawSql(c), rawParams(c));
        r.push(performance.now() - t);
        t = performance.now();
        const res = await app.inject({ method: 'GET', url: apiUrl(c), headers });
        a.push(performance.now() - t);
        if (res.statusCode !== 200) throw new Error(`${c.label}: ${res.statusCode}`);
      }
      if (round === 0) continue;
      apiRounds.push(median(a));
      rawRounds.push(median(r));
    }
    const api = Math.min(...apiRounds);
    const rawMs = Math.min(...rawRounds);
    const ratio = api / rawMs;
    figures.push({
      name: `GET /api/files, page of ${PAGE} of ${FILES.toLocaleString('en')} files, ${c.label} (${app.ctx.database.driver})`,
      value: Number(api.toFixed(3)),
      unit: 'ms',
      limitName: 'the same SELECT through the driver',
      limit: Number(rawMs.toFixed(3)),
      ratio,
      goal: '<= 3',
      pass: ratio <= 3,
    });
  }
  await close();
  await app.ctx.database.close();
  console.log(`(files-list: seeded ${FILES.toLocaleString('en')} rows in ${seedMs} ms)`);
  return figures;
}
