/**
 * `npx tsx ai-chat-throughput.ts`: the chat throughput figures alone (PGlite, or PostgreSQL with
 * BENCH_ENGINES=postgres). Run with `node --cpu-prof --import tsx` to profile the server under
 * load: the load generator and the stand-in run in processes of their own.
 */
import { aiChatThroughputBench } from './ai-chat.bench';
import { enginesToRun } from './engine';
import { formatFigure } from './figure';

const { engines } = await enginesToRun();
for (const engine of engines)
  for (const f of await aiChatThroughputBench(engine)) console.log(formatFigure(f));
process.exit(0);
