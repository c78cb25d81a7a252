import path from 'node:path';
import { benchDir } from './child';
import { type Engine, prepareServerData } from './engine';
import { budget, compare, type Figure, spread } from './figure';
import { serverCommand, startServer } from './server-process';
import { ROUNDS } from './support';

const BUDGET_MS = 1500;
/**
 * Starts per side: at least nine. One start here varies by a quarter either way on a shared VM
 * (1.2-1.7 s for the same build), and a start costs two seconds, so the median gets more of them
 * than the default five rounds.
 */
const STARTS = Math.max(ROUNDS, 9);

/**
 * Cold start on a warm data directory: the time from spawning the server the way `npm start` does
 * after its build (serverCommand(): today `node apps/server/dist/server.js`) to the first 200 of
 * GET /api/health, polled every 5 ms. The data directory (and PostgreSQL database) was migrated
 * and the server started and stopped once before (which also filled Node's compile cache beside
 * the build, as any start after a build's first does), so no start is the first; each start is a new
 * process and the median of the rounds counts. A bare Node process answering the same health
 * check, started and polled the same way, is reported beside it (INFO): what the runtime alone costs.
 */
export async function coldStartBench(engine: Engine): Promise<Figure[]> {
  const data = await prepareServerData(engine);
  try {
    const first = await startServer(data);
    await first.stop();
    const server: number[] = [];
    const floor: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      const s = await startServer(data);
      server.push(s.readyMs);
      await s.stop();
      const f = await startServer(data, {}, `node ${path.join(benchDir, 'health-floor.mjs')}`);
      floor.push(f.readyMs);
      await f.stop();
    }
    const started = spread(server);
    return [
      budget({
        name: `cold start to a healthy /api/health on a warm data dir (\`${serverCommand()}\`)`,
        engine: engine.name,
        unit: 'ms',
        value: started,
        budget: BUDGET_MS,
        digits: 0,
      }),
      compare({
        name: 'cold start against a bare Node process answering /api/health',
        engine: engine.name,
        unit: 'ms',
        app: started,
        limitName: 'node health-floor.mjs',
        limit: spread(floor),
        goal: null,
        digits: 0,
      }),
    ];
  } finally {
    await data.remove();
  }
}
