import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type UploadHooks, UploadQueue, uploadPercent } from './upload-queue';

interface Call {
  file: File;
  folderId: string | null;
  hooks: UploadHooks;
  resolve(): void;
  reject(err: Error): void;
}

function setup(opts: { onDrained?: () => void } = {}) {
  const calls: Call[] = [];
  let clock = 0;
  const queue = new UploadQueue({
    now: () => clock,
    onDrained: opts.onDrained,
    transport: (file, folderId, hooks) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ file, folderId, hooks, resolve, reject });
      }),
  });
  return { queue, calls, tick: (ms: number) => (clock += ms) };
}

const file = (name: string, size = 1000) => new File([new Uint8Array(size)], name);
const flush = () => vi.advanceTimersByTimeAsync(0);

describe('UploadQueue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends one request per file, at most three at a time', async () => {
    const { queue, calls } = setup();
    queue.add([file('a'), file('b'), file('c'), file('d'), file('e')], 'f1');
    expect(calls.map((c) => c.file.name)).toEqual(['a', 'b', 'c']);
    expect(calls[0]?.folderId).toBe('f1');
    expect(queue.getSnapshot().map((e) => e.status)).toEqual([
      'uploading',
      'uploading',
      'uploading',
      'queued',
      'queued',
    ]);
    calls[1]?.resolve();
    await flush();
    expect(calls.map((c) => c.file.name)).toEqual(['a', 'b', 'c', 'd']);
    calls[0]?.reject(new Error('Storage quota exceeded'));
    await flush();
    expect(calls.map((c) => c.file.name)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('reports progress as a percentage and a smoothed speed', () => {
    const { queue, calls, tick } = setup();
    queue.add([file('big', 10_000)], null);
    tick(500);
    calls[0]?.hooks.onProgress(2_500);
    const entry = queue.getSnapshot()[0];
    expect(entry && uploadPercent(entry)).toBe(25);
    expect(entry?.speed).toBe(5_000);
    tick(500);
    calls[0]?.hooks.onProgress(5_000);
    // 0.6 * 5000 + 0.4 * 5000
    expect(queue.getSnapshot()[0]?.speed).toBe(5_000);
  });

  it("removes a finished upload's bar 2 seconds after completion", async () => {
    const { queue, calls } = setup();
    queue.add([file('a')], null);
    calls[0]?.resolve();
    await flush();
    expect(queue.getSnapshot()[0]?.status).toBe('done');
    expect(uploadPercent(queue.getSnapshot()[0] as never)).toBe(100);
    await vi.advanceTimersByTimeAsync(1999);
    expect(queue.getSnapshot()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(queue.getSnapshot()).toHaveLength(0);
  });

  it('keeps a failed upload with the server message until dismissed, and can retry it', async () => {
    const { queue, calls } = setup();
    queue.add([file('a')], null);
    calls[0]?.reject(new Error('File exceeds the maximum upload size of 100 MB'));
    await flush();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(queue.getSnapshot()[0]).toMatchObject({
      status: 'error',
      error: 'File exceeds the maximum upload size of 100 MB',
    });
    queue.retry('upload-1');
    expect(calls).toHaveLength(2);
    calls[1]?.reject(new Error('again'));
    await flush();
    queue.dismiss('upload-1');
    expect(queue.getSnapshot()).toHaveLength(0);
  });

  it('cancels a running upload through its signal and starts the next', async () => {
    const { queue, calls } = setup();
    queue.add([file('a'), file('b'), file('c'), file('d')], null);
    const first = calls[0];
    queue.cancel('upload-1');
    expect(first?.hooks.signal.aborted).toBe(true);
    expect(queue.getSnapshot().map((e) => e.name)).toEqual(['b', 'c', 'd']);
    expect(calls.map((c) => c.file.name)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('tells when everything queued has been stored', async () => {
    const onDrained = vi.fn();
    const { queue, calls } = setup({ onDrained });
    queue.add([file('a'), file('b')], null);
    calls[0]?.resolve();
    await flush();
    expect(onDrained).not.toHaveBeenCalled();
    calls[1]?.resolve();
    await flush();
    expect(onDrained).toHaveBeenCalledTimes(1);
  });
});
