/**
 * The upload queue of the Files page: many files, one request each, at most `concurrency` at a
 * time; each entry reports its progress and speed, a finished entry disappears `removeAfterMs`
 * after completion (part 1 section 4), a failed one stays with the server's message until dismissed.
 * Framework-free (a tiny external store) so the rules are unit-tested with fake timers.
 */
export type UploadStatus = 'queued' | 'uploading' | 'done' | 'error';

export interface UploadEntry {
  id: string;
  name: string;
  size: number;
  folderId: string | null;
  status: UploadStatus;
  /** Bytes sent so far. */
  loaded: number;
  /** Smoothed bytes per second while uploading. */
  speed: number;
  error?: string;
}

export interface UploadHooks {
  onProgress(loaded: number): void;
  signal: AbortSignal;
}

/** Sends one file; resolves when the server has stored it, rejects with a user-facing message. */
export type UploadTransport = (file: File, folderId: string | null, hooks: UploadHooks) => Promise<void>;

export interface UploadQueueOptions {
  transport: UploadTransport;
  concurrency?: number;
  removeAfterMs?: number;
  now?: () => number;
  /** After each stored file. */
  onUploaded?: (entry: UploadEntry) => void;
  /** When nothing is queued or running any more and at least one file was stored. */
  onDrained?: () => void;
}

export const UPLOAD_CONCURRENCY = 3;
export const REMOVE_AFTER_MS = 2000;
/** Speed is sampled at most this often, then smoothed. */
const SPEED_SAMPLE_MS = 250;

interface Running {
  controller: AbortController;
  lastAt: number;
  lastLoaded: number;
}

export class UploadQueue {
  private entries: UploadEntry[] = [];
  private readonly files = new Map<string, File>();
  private readonly running = new Map<string, Running>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly listeners = new Set<() => void>();
  private storedSinceDrain = 0;
  private seq = 0;
  private readonly concurrency: number;
  private readonly removeAfterMs: number;
  private readonly now: () => number;

  constructor(private readonly options: UploadQueueOptions) {
    this.concurrency = options.concurrency ?? UPLOAD_CONCURRENCY;
    this.removeAfterMs = options.removeAfterMs ?? REMOVE_AFTER_MS;
    this.now = options.now ?? (() => Date.now());
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): readonly UploadEntry[] => this.entries;

  /** Queues files for `folderId` (null: the root) and starts as many as the limit allows. */
  add(files: Iterable<File>, folderId: string | null): void {
    const added: UploadEntry[] = [];
    for (const file of files) {
      this.seq += 1;
      const id = `upload-${this.seq}`;
      this.files.set(id, file);
      added.push({
        id,
        name: file.name,
        size: file.size,
        folderId,
        status: 'queued',
        loaded: 0,
        speed: 0,
      });
    }
    if (added.length === 0) return;
    this.entries = [...this.entries, ...added];
    this.emit();
    this.pump();
  }

  /** Stops a queued or running upload and removes its entry. */
  cancel(id: string): void {
    this.running.get(id)?.controller.abort();
    this.remove(id);
    this.pump();
  }

  /** Removes a failed (or finished) entry from the list. */
  dismiss(id: string): void {
    this.remove(id);
  }

  /** Puts a failed upload back in the queue. */
  retry(id: string): void {
    const entry = this.entries.find((e) => e.id === id);
    if (entry?.status !== 'error' || !this.files.has(id)) return;
    this.update(id, { status: 'queued', loaded: 0, speed: 0, error: undefined });
    this.pump();
  }

  get activeCount(): number {
    return this.running.size;
  }

  private remove(id: string): void {
    const timer = this.timers.get(id);
    if (timer) clearTimeout(timer);
    this.timers.delete(id);
    this.files.delete(id);
    this.running.delete(id);
    const before = this.entries.length;
    this.entries = this.entries.filter((e) => e.id !== id);
    if (this.entries.length !== before) this.emit();
  }

  private pump(): void {
    while (this.running.size < this.concurrency) {
      const next = this.entries.find((e) => e.status === 'queued');
      if (!next) break;
      this.start(next);
    }
    if (this.running.size === 0 && !this.entries.some((e) => e.status === 'queued')) {
      if (this.storedSinceDrain > 0) {
        this.storedSinceDrain = 0;
        this.options.onDrained?.();
      }
    }
  }

  private start(entry: UploadEntry): void {
    const file = this.files.get(entry.id);
    if (!file) return;
    const controller = new AbortController();
    const run: Running = { controller, lastAt: this.now(), lastLoaded: 0 };
    this.running.set(entry.id, run);
    this.update(entry.id, { status: 'uploading', loaded: 0, speed: 0 });
    const onProgress = (loaded: number) => {
      if (controller.signal.aborted) return;
      const at = this.now();
      const current = this.entries.find((e) => e.id === entry.id);
      if (!current) return;
      let speed = current.speed;
      const dt = at - run.lastAt;
      if (dt >= SPEED_SAMPLE_MS) {
        const instant = ((loaded - run.lastLoaded) * 1000) / dt;
        speed = speed > 0 ? speed * 0.6 + instant * 0.4 : instant;
        run.lastAt = at;
        run.lastLoaded = loaded;
      }
      this.update(entry.id, { loaded: Math.min(loaded, current.size), speed });
    };
    this.options
      .transport(file, entry.folderId, { onProgress, signal: controller.signal })
      .then(
        () => {
          if (controller.signal.aborted) return;
          this.running.delete(entry.id);
          this.files.delete(entry.id);
          this.update(entry.id, { status: 'done', loaded: entry.size, speed: 0 });
          this.storedSinceDrain += 1;
          const done = this.entries.find((e) => e.id === entry.id);
          if (done) this.options.onUploaded?.(done);
          this.timers.set(
            entry.id,
            setTimeout(() => this.remove(entry.id), this.removeAfterMs),
          );
        },
        (err: unknown) => {
          if (controller.signal.aborted) return;
          this.running.delete(entry.id);
          const message = err instanceof Error && err.message ? err.message : 'Upload failed';
          this.update(entry.id, { status: 'error', speed: 0, error: message });
        },
      )
      .finally(() => this.pump());
  }

  private update(id: string, patch: Partial<UploadEntry>): void {
    this.entries = this.entries.map((e) => (e.id === id ? { ...e, ...patch } : e));
    this.emit();
  }

  private emit(): void {
    for (const l of this.listeners) l();
  }
}

/** 0-100, for the progress bar. */
export function uploadPercent(entry: UploadEntry): number {
  if (entry.status === 'done') return 100;
  if (entry.size <= 0) return entry.status === 'uploading' ? 99 : 0;
  return Math.min(99, Math.floor((entry.loaded / entry.size) * 100));
}
