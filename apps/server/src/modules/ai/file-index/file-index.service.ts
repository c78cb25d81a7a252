import type { StorageDriver } from '../../../storage/storage-driver';
import type { DownloadableFile } from '../../files/download.repository';
import { extractFileText, UnreadableFileError } from '../analysis/text-extraction';
import { chunkText } from './chunking';
import type { FileIndexRepository, IndexRow } from './file-index.repository';
import type { Embedder } from './file-retrieval.service';

/** Tries of one file before it is 'failed' for good. */
export const INDEX_MAX_TRIES = 3;
/**
 * The wait before a file that could not be read is tried again, times 4 for each earlier failure
 * (1, then 4 minutes): tried again at once, a storage outage of a few seconds failed it for good.
 */
export const INDEX_RETRY_MS = 60 * 1000;
/** An 'indexing' row whose worker has not finished within this is taken again. */
export const INDEX_LEASE_MS = 5 * 60 * 1000;
/** Files without an index row queued per sweep. */
export const SWEEP_BATCH = 500;
/** Files whose pending embeddings are filled per run. */
const EMBED_FILES_PER_RUN = 50;
/** Chunk texts per embedding call. */
const EMBED_BATCH = 128;
/** The whole readable text is indexed (its bytes are capped by the extraction: 2 MiB of text, 20 MiB documents). */
const INDEX_CHARS_CAP = Number.POSITIVE_INFINITY;

export interface FileIndexDeps {
  repo: FileIndexRepository;
  files: { findLive(ownerId: string, fileId: string): Promise<DownloadableFile | null> };
  storage: StorageDriver;
  embedder: Embedder | null;
  log: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** Told when a user's index changed in this process (its cached vectors are read again). */
  onIndexed?: (userId: string) => void;
}

export interface IndexDrainReport {
  indexed: number;
  unreadable: number;
  failed: number;
  retried: number;
  queuedBySweep: number;
  embeddedChunks: number;
}

/** C0 controls but tab and line feed: NUL cannot be stored, and \u0002/\u0003 mark search highlights. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F]/g;

/**
 * Builds the per-user file text index: a queue of files (file_text_index), drained by workers that
 * extract the whole readable text (the analysis's extraction), cut it into chunks, embed them when
 * a provider answers, and store them. Chunks left without vectors are filled in by later runs.
 */
export class FileIndexService {
  private draining: Promise<IndexDrainReport> | null = null;
  private again = false;

  constructor(private readonly d: FileIndexDeps) {}

  /**
   * Queues files that have no row (the sweep), indexes every pending file, then fills pending
   * embeddings. A call while a drain runs joins it and makes it look at the queue once more.
   */
  drain(signal?: AbortSignal, opts: { sweep?: boolean } = {}): Promise<IndexDrainReport> {
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    const run = async (): Promise<IndexDrainReport> => {
      const r: IndexDrainReport = {
        indexed: 0,
        unreadable: 0,
        failed: 0,
        retried: 0,
        queuedBySweep: 0,
        embeddedChunks: 0,
      };
      if (opts.sweep) r.queuedBySweep = await this.d.repo.sweep(SWEEP_BATCH);
      do {
        this.again = false;
        for (;;) {
          if (signal?.aborted) return r;
          const row = await this.d.repo.claim(INDEX_LEASE_MS);
          if (!row) break;
          const outcome = await this.indexOne(row, signal);
          if (outcome !== 'released') r[outcome]++;
        }
      } while (this.again && !signal?.aborted);
      r.embeddedChunks = await this.fillEmbeddings(signal);
      // The periodic run keeps the statistics fresh after new chunks (cheap: ANALYZE samples).
      if (opts.sweep && r.indexed > 0) await this.d.repo.analyze();
      return r;
    };
    this.draining = run().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  private async indexOne(
    row: IndexRow,
    signal?: AbortSignal,
  ): Promise<'indexed' | 'unreadable' | 'failed' | 'retried' | 'released'> {
    const file = await this.d.files.findLive(row.userId, row.fileId);
    if (!file) {
      await this.d.repo.release(row.fileId);
      return 'released';
    }
    let text: string;
    try {
      text = (await extractFileText(this.d.storage, file, INDEX_CHARS_CAP)).text.replace(CONTROL, ' ');
    } catch (err) {
      if (err instanceof UnreadableFileError) {
        await this.d.repo.markUnreadable(row.fileId, err.message);
        return 'unreadable';
      }
      this.d.log.error({ err, fileId: row.fileId }, 'file index: reading the file failed');
      const status = await this.d.repo.fail(
        row.fileId,
        'The file could not be read from storage',
        INDEX_MAX_TRIES,
        INDEX_RETRY_MS,
      );
      return status === 'failed' ? 'failed' : 'retried';
    }
    const chunks = chunkText(text);
    const embedding = await this.embedAll(
      chunks.map((c) => c.content),
      row.userId,
      signal,
    );
    if (!(await this.d.repo.store(row, chunks, embedding))) return 'released';
    this.d.onIndexed?.(row.userId);
    return 'indexed';
  }

  /** Vectors for every text, in batches; null when the provider does not answer for all of them. */
  private async embedAll(
    texts: string[],
    userId: string,
    signal?: AbortSignal,
  ): Promise<{ model: string; vectors: number[][] } | null> {
    if (!this.d.embedder || texts.length === 0) return null;
    const vectors: number[][] = [];
    let model: string | null = null;
    for (let i = 0; i < texts.length; i += EMBED_BATCH) {
      const r = await this.d.embedder.embed(
        texts.slice(i, i + EMBED_BATCH),
        { userId, purpose: 'file-index' },
        signal,
      );
      // Vectors of two models are never compared: a switch mid-file leaves it for the fill-in.
      if (!r || (model !== null && r.model !== model)) return null;
      model = r.model;
      vectors.push(...r.vectors);
    }
    return model === null ? null : { model, vectors };
  }

  /** Embeds chunks stored without vectors (no provider answered then). Returns how many it filled. */
  async fillEmbeddings(signal?: AbortSignal): Promise<number> {
    if (!this.d.embedder) return 0;
    const model = this.d.embedder.currentModel();
    if (model) {
      for (const userId of await this.d.repo.requeueOtherModels(model)) this.d.onIndexed?.(userId);
    }
    let filled = 0;
    for (const f of await this.d.repo.filesPendingEmbeddings(EMBED_FILES_PER_RUN)) {
      const chunks = await this.d.repo.chunksWithoutEmbedding(f.fileId);
      for (let i = 0; i < chunks.length; i += EMBED_BATCH) {
        if (signal?.aborted) return filled;
        const batch = chunks.slice(i, i + EMBED_BATCH);
        const r = await this.d.embedder.embed(
          batch.map((c) => c.content),
          { userId: f.userId, purpose: 'file-index' },
          signal,
        );
        // No provider now: the rest waits for the next run.
        if (!r) return filled;
        await this.d.repo.setEmbeddings(
          f.fileId,
          r.model,
          batch.map((c, k) => ({ chunkIndex: c.chunkIndex, vector: r.vectors[k] as number[] })),
        );
        filled += batch.length;
      }
      this.d.onIndexed?.(f.userId);
    }
    return filled;
  }
}
