import Fastify from 'fastify';
import { type Engine, startBenchApp } from './engine';
import { compare, type Figure, spread } from './figure';
import { latencyRounds } from './latency-client';
import { adhocQuery, preparedQuery } from './prepared';
import { analyzeFiles, NEEDLE, NEEDLES, seedFiles, verifySeeded } from './seed-files';
import { accessTokens, bearerSets, createUser, debug, ROUNDS } from './support';

const FILES = Number(process.env.BENCH_FILES ?? 100_000);
const SMALL = 1_000;
/** The page the web app asks for (FILES_PAGE_SIZE in apps/web/src/features/files/api/list-files.ts). */
const PAGE = 200;
const PER_ROUND = Number(process.env.BENCH_LIST_PER_ROUND ?? 8);

type Sort = 'name' | 'size' | 'uploadDate' | 'type';
interface Case {
  label: string;
  sort: Sort;
  direction: 'asc' | 'desc';
  search?: string;
}

const SORT_SQL: Record<Sort, string> = {
  name: 'lower(name)',
  size: 'size',
  uploadDate: 'created_at',
  type: 'mime_type',
};

const CASES: Case[] = [
  ...(['name', 'size', 'uploadDate', 'type'] as const).flatMap((sort) =>
    (['asc', 'desc'] as const).map((direction) => ({ label: `sort ${sort} ${direction}`, sort, direction })),
  ),
  // 1 file in 10: the page fills after a few thousand index entries.
  { label: 'search "-7"', sort: 'name', direction: 'asc', search: '-7' },
  // A few files: the whole folder is read for them.
  { label: 'search "4242"', sort: 'uploadDate', direction: 'desc', search: '4242' },
  // Nothing: a full scan.
  { label: 'search "zzz"', sort: 'size', direction: 'asc', search: 'zzz' },
];

/**
 * Files at scale, on one app with one user of 100,000 files in a folder and one of 1,000:
 * - listing (issue 3): GET /api/files for a page of 200 (the web app's page) in each sort and three
 *   searches, against a bare route in the same process sending the page's SELECT through the same
 *   driver: a named prepared statement where the app prepares its listing (no search), planned
 *   each time where the app's is (a search). Goal <= 3.
 * - scale (issue 15): the dashboard and a name search at 100,000 files against the same at 1,000
 *   (the search finds the same 10 files in both). Goal <= 2.
 * Every request carries one of 2,000 tokens of its user, in turn; timed one at a time from a client
 * process of its own, the sides interleaved, in rounds.
 */
export async function filesAtScaleBench(
  engine: Engine,
  parts: { listing: boolean; scale: boolean },
): Promise<Figure[]> {
  const bench = await startBenchApp(engine);
  const bare = Fastify({ logger: false });
  try {
    const { app, database } = bench;
    const db = database.db;
    const big = await createUser(db, { plan: 'enterprise' });
    const small = await createUser(db, { plan: 'enterprise' });
    const seededAt = Date.now();
    const bigFolder = await seedFiles(db, big.row.id, FILES);
    const smallFolder = await seedFiles(db, small.row.id, SMALL);
    await analyzeFiles(db);
    console.log(
      `      (files: seeded ${FILES.toLocaleString('en')} + ${SMALL.toLocaleString('en')} files in ${Date.now() - seededAt} ms)`,
    );
    const bigTokens = await accessTokens(app.ctx.tokens, big.row);
    const smallTokens = await accessTokens(app.ctx.tokens, small.row);
    await verifySeeded(app, bigTokens[0] as string, bigFolder);
    await verifySeeded(app, smallTokens[0] as string, smallFolder);
    const figures: Figure[] = [];

    if (parts.listing) {
      // The page as JSON text, formed by the database as the app forms its page (json_agg, with
      // each file's tags), and sent on as it came: the least work a page of rows can take to reach
      // the client.
      const pageSql = (c: Case) =>
        `select coalesce(json_agg(json_build_object(
            'id', p.id, 'name', p.name, 'size', p.size, 'type', p.mime_type,
            'uploadDate', to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
            'folderId', p.folder_id, 'checksum', p.checksum,
            'tags', case when (select exists (select 1 from file_tags o where o.owner_id = $1))
              then coalesce((select json_agg(t.tag order by t.tag) from file_tags t where t.file_id = p.id), '[]'::json)
              else '[]'::json end
          ) order by p.k ${c.direction}, p.id ${c.direction}), '[]')::text as page
         from (select id, name, size, mime_type, created_at, folder_id, checksum, ${SORT_SQL[c.sort]} as k from files
           where owner_id = $1 and folder_id = $2 and deleted_at is null${c.search ? ' and name ilike $3' : ''}
           order by ${SORT_SQL[c.sort]} ${c.direction}, id ${c.direction} limit ${PAGE}) p`;
      const queries = CASES.map((c, i) =>
        c.search
          ? adhocQuery(database, pageSql(c))
          : preparedQuery(database, `bare_listing_${i}`, pageSql(c)),
      );
      bare.get('/bare-listing/:case', async (request, reply) => {
        const i = Number((request.params as { case: string }).case);
        const c = CASES[i] as Case;
        const query = queries[i];
        if (!query) return reply.code(404).send();
        const params = [big.row.id, bigFolder.folderId, ...(c.search ? [`%${c.search}%`] : [])];
        const [row] = (await query(params)) as { page: string }[];
        return reply.type('application/json').send(row?.page);
      });
      const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
      const apiUrl = (c: Case) =>
        `${bench.url}/api/files?folderId=${bigFolder.folderId}&sort=${c.sort}&direction=${c.direction}&limit=${PAGE}${
          c.search ? `&search=${encodeURIComponent(c.search)}` : ''
        }`;
      const headerSets = bearerSets(bigTokens);
      for (const [i, c] of CASES.entries()) {
        const viaApp = (await (await fetch(apiUrl(c), { headers: headerSets[0] })).json()) as {
          files: { id: string }[];
          totalFiles: number;
        };
        const viaBare = (await (await fetch(`${bareUrl}/bare-listing/${i}`)).json()) as { id: string }[];
        if (viaApp.files.length !== viaBare.length || viaApp.files.some((f, n) => f.id !== viaBare[n]?.id))
          throw new Error(`${c.label}: the API and the bare route disagree`);
        debug(`listing ${c.label}`);
        const [api, raw] = await latencyRounds({
          targets: [{ url: apiUrl(c), headerSets }, { url: `${bareUrl}/bare-listing/${i}` }],
          rounds: ROUNDS,
          perRound: PER_ROUND,
          warmup: 3,
        });
        figures.push(
          compare({
            name: `GET /api/files, page of ${PAGE} of ${FILES.toLocaleString('en')} files, ${c.label}${c.search ? ` (${viaApp.totalFiles}${viaApp.totalFiles > PAGE ? '+' : ''} matches)` : ''}`,
            engine: engine.name,
            unit: 'ms',
            app: spread(api as number[]),
            limitName: `bare route: the page's SELECT as JSON${c.search ? '' : ', prepared'}`,
            limit: spread(raw as number[]),
            goal: { atMost: 3 },
            digits: 3,
          }),
        );
      }
    }

    if (parts.scale) {
      const pairs = [
        {
          what: 'dashboard, GET /api/dashboard',
          url: () => `${bench.url}/api/dashboard`,
        },
        {
          what: `name search, GET /api/files?search=${NEEDLE} (${NEEDLES} matches either way)`,
          url: (folderId: string) =>
            `${bench.url}/api/files?folderId=${folderId}&search=${NEEDLE}&sort=name&direction=asc&limit=${PAGE}`,
        },
      ];
      for (const pair of pairs) {
        debug(`scale ${pair.what}`);
        const [atBig, atSmall] = await latencyRounds({
          targets: [
            { url: pair.url(bigFolder.folderId), headerSets: bearerSets(bigTokens) },
            { url: pair.url(smallFolder.folderId), headerSets: bearerSets(smallTokens) },
          ],
          rounds: ROUNDS,
          perRound: PER_ROUND,
          warmup: 3,
        });
        figures.push(
          compare({
            name: `${pair.what} at ${FILES.toLocaleString('en')} files`,
            engine: engine.name,
            unit: 'ms',
            app: spread(atBig as number[]),
            limitName: `the same at ${SMALL.toLocaleString('en')} files`,
            limit: spread(atSmall as number[]),
            goal: { atMost: 2 },
            digits: 3,
          }),
        );
      }
    }
    return figures;
  } finally {
    await bare.close();
    await bench.close();
  }
}
