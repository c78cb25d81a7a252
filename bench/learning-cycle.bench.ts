import { sql } from 'drizzle-orm';
import { aiLearningFeedback, aiLearningInteractions } from '../apps/server/src/db/schema/index';
import { learningServiceFor } from '../apps/server/src/modules/ai/learning/learning-services';
import { aiServicesFor } from '../apps/server/src/modules/ai/providers/ai-services';
import { ProviderStandin } from '../apps/server/test/ai-standins';
import { type Engine, startBenchApp } from './engine';
import { budget, type Figure, spread } from './figure';
import { createUser, ROUNDS } from './support';

/** Issue 17: a learning cycle over 100 interactions adds at most this much server CPU beyond its model calls. */
const CPU_BUDGET_MS = 50;
const INTERACTIONS = 100;
const FEEDBACK = 60;

const TOPICS = ['docker', 'python', 'postgres', 'react', 'kubernetes', 'pandas', 'nginx', 'typescript'];
const LONG_REPLY =
  'Containers package an application together with its libraries and configuration; images are built in layers, cached between builds, and containers share the host kernel while keeping processes isolated.';

/**
 * One learning cycle (issue 17) over 100 interactions of the last hour and 60 unprocessed feedback
 * items, through the app's learning service: thresholds, patterns, feedback batches, five model
 * analyses (the Ollama stand-in, in this process), improvements, knowledge. The cycle measures its
 * own CPU (process.cpuUsage) and leaves out the time inside model calls; on PGlite the database
 * runs in this process too, so its CPU is included. Budget: 50 ms per cycle.
 */
export async function learningCycleBench(engine: Engine): Promise<Figure[]> {
  const standin = await ProviderStandin.start('ollama');
  standin.set({
    respond: () => 'You should include a complete, runnable example and check it against the question.',
  });
  const bench = await startBenchApp(engine, { JOBS_ENABLED: 'false', OLLAMA_URL: standin.baseUrl });
  try {
    const { app, database } = bench;
    const db = database.db;
    const root = await createUser(db, { role: 'superadmin' });
    const actor = { id: root.row.id, email: root.email, role: 'superadmin' as const, permissions: [] };
    await aiServicesFor(app.ctx).registry.checkAll();
    const learning = learningServiceFor(app.ctx);
    learning.analysePauseMs = 0;
    const prepare = async (round: number) => {
      await db.execute(sql`delete from ai_learning_feedback`);
      await db.execute(sql`delete from ai_learning_interactions`);
      const now = Date.now();
      await db.insert(aiLearningInteractions).values(
        Array.from({ length: INTERACTIONS }, (_, i) => ({
          userQuery: `How do I use ${TOPICS[i % TOPICS.length]} for task ${round}-${i}?`,
          aiResponse: i % 3 === 0 ? `${LONG_REPLY} (${round}-${i})` : `Short answer ${i}.`,
          satisfactionScore: i % 4 === 0 ? null : (i % 5) / 4,
          responseTime: 500 + ((i * 97) % 5000),
          domain: i % 2 ? 'devops' : 'python',
          knowledgeUsed: i % 7 === 0 ? [{ id: 'k' }] : [],
          createdAt: new Date(now - (i + 1) * 20_000),
        })),
      );
      await db.insert(aiLearningFeedback).values(
        Array.from({ length: FEEDBACK }, (_, i) => ({
          source: 'console',
          rating: (i % 5) + 1,
          text: `feedback ${i}`,
          sentiment: i % 5 >= 3 ? 'positive' : i % 5 <= 1 ? 'negative' : 'neutral',
        })),
      );
    };
    // One cycle first, so the rounds measure warm code (as a running server's cycles are).
    await prepare(0);
    await learning.runCycle(actor, 'manual');
    const rounds: number[] = [];
    for (let r = 1; r <= ROUNDS; r++) {
      await prepare(r);
      const cycle = await learning.runCycle(actor, 'manual');
      if (cycle.interactionsRead !== INTERACTIONS || cycle.interactionsAnalysed !== 5) {
        throw new Error(
          `learning cycle read ${cycle.interactionsRead}, analysed ${cycle.interactionsAnalysed}`,
        );
      }
      rounds.push(cycle.cpuMs ?? Number.NaN);
    }
    return [
      budget({
        name: `learning cycle over ${INTERACTIONS} interactions and ${FEEDBACK} feedback items: server CPU beyond its model calls`,
        engine: engine.name,
        unit: 'ms',
        value: spread(rounds),
        budget: CPU_BUDGET_MS,
        digits: 1,
      }),
    ];
  } finally {
    await bench.close();
    await standin.close();
  }
}
