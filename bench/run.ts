/**
 * `npm run bench`: every figure with its ratio to a limit measured in the same run, in alternating
 * rounds, on PGlite and (when it answers) PostgreSQL. See docs/benchmarks.md.
 *
 *   BENCH_ONLY=upload,home     a subset (names below)
 *   BENCH_ENGINES=pglite       one engine (pglite, postgres or both)
 *   BENCH_ROUNDS, BENCH_SECONDS, BENCH_FILES, BENCH_TRANSFER_MIB, BENCH_RSS_MIB: sizes (smaller to debug)
 */
import { aiChatBench } from './ai-chat.bench';
import { budgetCores } from './child';
import { coldStartBench } from './cold-start.bench';
import { consoleProgressBench } from './console-progress.bench';
import { creditsBench } from './credits.bench';
import type { Engine } from './engine';
import { enginesToRun } from './engine';
import { type Figure, formatFigure } from './figure';
import { filesAtScaleBench } from './files-scale.bench';
import { homePageBench } from './home-page.bench';
import { knowledgeSearchBench } from './knowledge-search.bench';
import { learningCycleBench } from './learning-cycle.bench';
import { loginBench } from './login.bench';
import { merchStoreBench } from './merch-store.bench';
import { preferencesBench } from './preferences.bench';
import { ragChatBench } from './rag-chat.bench';
import { seedBench } from './seed.bench';
import { transferBench } from './transfer.bench';
import { uploadRssBench } from './upload-rss.bench';

interface Bench {
  name: string;
  /** False: no database is involved, measured once. */
  perEngine: boolean;
  /** Throughput under load from client processes, which then get a core of their own (child.ts). */
  clients?: boolean;
  run(engine: Engine): Promise<Figure[]>;
}

const NAMES = [
  'home',
  'merch',
  'cold-start',
  'preferences',
  'login',
  'listing',
  'scale',
  'upload',
  'rss',
  'credits',
  'chat',
  'rag-chat',
  'knowledge',
  'seed',
  'learning',
  'console',
];
const only = process.env.BENCH_ONLY?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
for (const name of only ?? []) {
  if (!NAMES.includes(name)) throw new Error(`BENCH_ONLY: no bench named ${name} (${NAMES.join(', ')})`);
}
const wanted = (name: string) => !only || only.includes(name);
// listing and scale share one seeding of 100,000 files.
const files = { listing: wanted('listing'), scale: wanted('scale') };

const filesName = [files.listing && 'listing', files.scale && 'scale'].filter(Boolean).join('+');
const plan: Bench[] = [
  { name: 'home', perEngine: false, run: () => homePageBench() },
  { name: 'merch', perEngine: false, run: () => merchStoreBench() },
  { name: 'cold-start', perEngine: true, run: coldStartBench },
  { name: 'preferences', perEngine: true, clients: true, run: preferencesBench },
  { name: 'login', perEngine: true, clients: true, run: loginBench },
  { name: filesName, perEngine: true, clients: true, run: (e: Engine) => filesAtScaleBench(e, files) },
  { name: 'upload', perEngine: true, clients: true, run: transferBench },
  { name: 'rss', perEngine: true, clients: true, run: uploadRssBench },
  { name: 'credits', perEngine: true, clients: true, run: creditsBench },
  { name: 'chat', perEngine: true, run: aiChatBench },
  { name: 'rag-chat', perEngine: true, run: ragChatBench },
  { name: 'knowledge', perEngine: true, run: knowledgeSearchBench },
  { name: 'seed', perEngine: true, run: seedBench },
  { name: 'learning', perEngine: true, run: learningCycleBench },
  { name: 'console', perEngine: true, run: consoleProgressBench },
].filter((b) => (b.name === filesName ? filesName !== '' : wanted(b.name)));

const { engines, notes } = await enginesToRun();
for (const note of notes) console.log(note);
console.log(`Engines: ${engines.map((e) => e.name).join(', ')}\n`);

const started = Date.now();
const figures: Figure[] = [];
const failed: string[] = [];
for (const bench of plan) {
  console.log(`      (${bench.name}: ${budgetCores(bench.clients === true)})`);
  for (const engine of bench.perEngine ? engines : [engines[0] ?? { name: 'pglite' as const }]) {
    const t = Date.now();
    try {
      for (const f of await bench.run(engine)) {
        console.log(formatFigure(f));
        figures.push(f);
      }
    } catch (err) {
      failed.push(`${bench.name} [${engine.name}]`);
      const cause = (err as Error).cause;
      console.log(
        `FAIL  ${bench.name} [${engine.name}]: ${(err as Error).stack ?? err}${cause ? `\ncaused by: ${cause}` : ''}`,
      );
    }
    console.log(
      `      (${bench.name}${bench.perEngine ? ` on ${engine.name}` : ''}: ${Math.round((Date.now() - t) / 1000)} s)`,
    );
  }
}
const goals = figures.filter((f) => !f.informational);
const missed = goals.filter((f) => !f.pass);
console.log(
  `\n${goals.length - missed.length} of ${goals.length} figures meet their goal in ${Math.round((Date.now() - started) / 1000)} s`,
);
for (const f of missed) console.log(`  missed: ${f.name}${f.engine ? ` [${f.engine}]` : ''}`);
const noisy = goals.filter((f) => f.uncertain);
for (const f of noisy) console.log(`  noisy: ${f.name}${f.engine ? ` [${f.engine}]` : ''}`);
if (failed.length > 0) console.log(`  could not run: ${failed.join(', ')}`);
process.exit(failed.length > 0 ? 1 : 0);
