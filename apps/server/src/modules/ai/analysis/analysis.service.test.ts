import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/app-error';
import type { StorageDriver } from '../../../storage/storage-driver';
import type { AnalysisRepository, AnalysisRow } from './analysis.repository';
import { ANALYSIS_MAX_TRIES, AnalysisService } from './analysis.service';

const REPLY = JSON.stringify({ summary: 'Notes.', category: 'notes', confidence: 0.7 });

/** An in-memory queue with the repository's semantics, enough for the worker. */
function fakeQueue(count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: `row-${i}`,
    fileId: `file-${i}`,
    userId: 'user-1',
    status: 'pending' as string,
    failures: 0,
    error: null as string | null,
  }));
  const repo = {
    claim: async () => {
      const row = rows.find((r) => r.status === 'pending');
      if (!row) return null;
      row.status = 'running';
      return row as unknown as AnalysisRow;
    },
    complete: async (id: string) => {
      const row = rows.find((r) => r.id === id);
      if (row) row.status = 'completed';
    },
    fail: async (id: string, error: string, max: number, final = false) => {
      const row = rows.find((r) => r.id === id);
      if (!row) return 'pending' as const;
      row.failures++;
      row.error = error;
      row.status = final || row.failures >= max ? 'failed' : 'pending';
      return row.status as 'pending' | 'failed';
    },
    markUnsupported: async () => {},
    release: async (id: string) => {
      const row = rows.find((r) => r.id === id);
      if (row) row.status = 'pending';
    },
  };
  return { rows, repo: repo as unknown as AnalysisRepository };
}

function serviceWith(
  repo: AnalysisRepository,
  generate: (req: { signal?: AbortSignal }) => Promise<{ text: string }>,
) {
  const storage = {
    get: async () => Readable.from([Buffer.from('Some notes to analyse.')]),
  } as unknown as StorageDriver;
  return new AnalysisService({
    repo,
    files: {
      findLive: async (_owner, id) => ({
        id,
        name: `${id}.txt`,
        mimeType: 'text/plain',
        size: 22,
        storageKey: 'k',
      }),
    },
    storage,
    router: {
      generate: async (req) => ({
        ...(await generate(req)),
        provider: 'ollama',
        model: 'llama3.2:3b',
        usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 },
        cost: 0,
        responseTimeMs: 1,
        failed: [],
      }),
    },
    providers: { list: async () => [] },
    log: { warn: () => {}, error: () => {} },
  });
}

describe('AnalysisService.drain', () => {
  it('works through every row, two at a time', async () => {
    const { rows, repo } = fakeQueue(5);
    let inFlight = 0;
    let most = 0;
    const svc = serviceWith(repo, async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setImmediate(r));
      inFlight--;
      return { text: REPLY };
    });
    expect(await svc.drain()).toMatchObject({ completed: 5, failed: 0 });
    expect(rows.every((r) => r.status === 'completed')).toBe(true);
    expect(most).toBe(2);
  });

  it('a second call while one runs joins it, and the queue is looked at once more', async () => {
    const { rows, repo } = fakeQueue(1);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const svc = serviceWith(repo, async () => {
      await gate;
      return { text: REPLY };
    });
    const first = svc.drain();
    await new Promise((r) => setImmediate(r));
    // Queued while the first row is being analysed.
    rows.push({
      id: 'late',
      fileId: 'file-late',
      userId: 'user-1',
      status: 'pending',
      failures: 0,
      error: null,
    });
    const second = svc.drain();
    release();
    expect(second).toBe(first);
    expect((await first).completed).toBe(2);
  });

  it('counts a failed call as a try and gives up after the last', async () => {
    const { rows, repo } = fakeQueue(1);
    let calls = 0;
    const svc = serviceWith(repo, async () => {
      calls++;
      throw new AppError(503, 'AI_ALL_FAILED', 'All AI providers failed');
    });
    expect(await svc.drain()).toMatchObject({ failed: 1, retried: ANALYSIS_MAX_TRIES - 1 });
    expect(calls).toBe(ANALYSIS_MAX_TRIES);
    expect(rows[0]).toMatchObject({ status: 'failed', error: 'All AI providers failed' });
  });

  it('stops and leaves rows pending when no provider is available', async () => {
    const { rows, repo } = fakeQueue(3);
    const svc = serviceWith(repo, async () => {
      throw new AppError(503, 'AI_NO_PROVIDERS', 'No AI providers available');
    });
    expect(await svc.drain()).toMatchObject({ noProviders: true, failed: 0, retried: 0, completed: 0 });
    expect(rows.map((r) => [r.status, r.failures])).toEqual([
      ['pending', 0],
      ['pending', 0],
      ['pending', 0],
    ]);
  });

  it('puts the row back without a failure when stopped mid-call', async () => {
    const { rows, repo } = fakeQueue(2);
    const controller = new AbortController();
    const svc = serviceWith(repo, async (req) => {
      controller.abort();
      throw req.signal?.reason ?? new Error('aborted');
    });
    const report = await svc.drain(controller.signal);
    expect(report).toMatchObject({ completed: 0, failed: 0, retried: 0 });
    expect(rows.map((r) => [r.status, r.failures])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);
  });
});
