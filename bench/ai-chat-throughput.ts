/**
 * `npx tsx ai-chat-throughput.ts`: the chat throughput figures alone (PGlite, or PostgreSQL with
 * BENCH_DATABASE_URL). Run with `node --cpu-prof --import tsx` to profile the server under load:
 * the load generator and the stand-in run in processes of their own.
 */
import { aiChatThroughputBench } from './ai-chat.bench';

for (const f of await aiChatThroughputBench()) {
  console.log(
    `${f.name}: ${f.value} ${f.unit} | ${f.limitName}: ${f.limit} ${f.unit} | ratio ${f.ratio.toFixed(2)} (goal ${f.goal})`,
  );
}
process.exit(0);
