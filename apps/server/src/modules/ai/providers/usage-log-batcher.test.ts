import { describe, expect, it } from 'vitest';
import type { NewUsageRow } from './providers.repository';
import { UsageLogBatcher, type UsageLogWriter } from './usage-log-batcher';

const row = (model: string): NewUsageRow => ({
  userId: 'u1',
  provider: 'ollama',
  model,
  operation: 'chat',
  responseTimeMs: 1,
  success: true,
});

/** A writer whose inserts finish only when the test says so; `statements` lists each insert's models. */
function gatedWriter(refuse: (r: NewUsageRow) => boolean = () => false) {
  const statements: string[][] = [];
  const open: Array<() => void> = [];
  const insert = (rows: NewUsageRow[]) =>
    new Promise<void>((resolve, reject) => {
      statements.push(rows.map((r) => r.model));
      open.push(() => (rows.some(refuse) ? reject(new Error('refused')) : resolve()));
    });
  const writer: UsageLogWriter = {
    logUsage: (r) => insert([r]),
    logUsageRows: (rows) => insert(rows),
  };
  /** Finishes the oldest insert in flight and lets the batcher react. */
  const finish = async () => {
    open.shift()?.();
    await new Promise((r) => setImmediate(r));
  };
  return { writer, statements, finish };
}

const turn = () => new Promise((r) => setImmediate(r));

const settled = (p: Promise<void>) => {
  const state = { done: false, error: null as unknown };
  p.then(
    () => {
      state.done = true;
    },
    (e) => {
      state.error = e;
    },
  );
  return state;
};

describe('UsageLogBatcher', () => {
  it("writes one turn's rows together, and the rows that arrive meanwhile in the next insert", async () => {
    const w = gatedWriter();
    const batcher = new UsageLogBatcher(w.writer);
    const a = settled(batcher.write(row('a')));
    const b = settled(batcher.write(row('b')));
    // Nothing is written before the turn ends, so rows of the same turn can join.
    expect(w.statements).toEqual([]);
    await turn();
    expect(w.statements).toEqual([['a', 'b']]);
    const c = settled(batcher.write(row('c')));
    const d = settled(batcher.write(row('d')));
    await w.finish();
    expect(a.done && b.done).toBe(true);
    // Each caller waits for its own row.
    expect(c.done || d.done).toBe(false);
    expect(w.statements).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    await w.finish();
    expect(c.done && d.done).toBe(true);
    // Idle again: a row alone goes alone, through the single-row insert.
    const e = settled(batcher.write(row('e')));
    await turn();
    expect(w.statements).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    await w.finish();
    expect(e.done).toBe(true);
  });

  it('retries a refused batch row by row, so only the bad row fails', async () => {
    const w = gatedWriter((r) => r.model === 'bad');
    const batcher = new UsageLogBatcher(w.writer);
    const a = settled(batcher.write(row('a')));
    const bad = settled(batcher.write(row('bad')));
    const c = settled(batcher.write(row('c')));
    await turn();
    await w.finish();
    expect(w.statements).toEqual([['a', 'bad', 'c'], ['a']]);
    await w.finish();
    await w.finish();
    await w.finish();
    expect(w.statements).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
    expect(a.done && c.done).toBe(true);
    expect(bad.done).toBe(false);
    expect((bad.error as Error).message).toBe('refused');
  });
});
