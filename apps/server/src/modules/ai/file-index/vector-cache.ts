import type { ChunkKey, FileIndexRepository, IndexStamp } from './file-index.repository';
import { stampKey } from './file-index.repository';

/**
 * The users' chunk vectors in memory, for an exact nearest-neighbour scan in this process. The
 * database has no vector operator everywhere (PostgreSQL 15 here has no pgvector) and a dot product
 * in SQL over 1,000 real[] rows takes hundreds of milliseconds, while here it takes about one. The
 * vectors are read once per user and read again when the index's stamp (returned by every
 * retrieval query) moves; a binned or purged file cannot leak through a stale copy because the
 * retrieval query joins every picked chunk to its live file.
 */

/** Vectors held for all users together (~1.5 KB each: 60,000 are about 90 MB). */
export const VECTOR_CACHE_MAX = 60_000;
/** A user with more embedded chunks than this is searched by text only (named in the log). */
export const VECTOR_CACHE_USER_MAX = 20_000;

interface UserVectors {
  stamp: string;
  /** model -> its chunks' keys and vectors, row after row. */
  byModel: Map<string, { keys: ChunkKey[]; dims: number; data: Float32Array }>;
  size: number;
}

export interface VectorHit extends ChunkKey {
  similarity: number;
}

export class VectorCache {
  /** Insertion order is recency (a read moves the user to the end). */
  private readonly users = new Map<string, UserVectors>();
  private readonly loading = new Map<string, Promise<UserVectors | null>>();
  private total = 0;

  constructor(
    private readonly repo: Pick<FileIndexRepository, 'vectorsOf'>,
    private readonly log: { warn(obj: object, msg?: string): void },
  ) {}

  /** The user's vectors, read now when never read (null: more than this cache holds for one user). */
  async get(userId: string): Promise<UserVectors | null> {
    const held = this.users.get(userId);
    if (held) {
      this.users.delete(userId);
      this.users.set(userId, held);
      return held;
    }
    return this.load(userId);
  }

  /** Whether the user holds no embedded chunk at all (known only once read). */
  knownEmpty(userId: string): boolean {
    const held = this.users.get(userId);
    return held !== undefined && held.size === 0;
  }

  /** The index moved on (this process stored chunks, or a query saw a newer stamp): read again. */
  refreshIfStale(userId: string, stamp: IndexStamp): void {
    const held = this.users.get(userId);
    if (!held || held.stamp === stampKey(stamp)) return;
    void this.load(userId);
  }

  forget(userId: string): void {
    const held = this.users.get(userId);
    if (held) this.total -= held.size;
    this.users.delete(userId);
  }

  /** The `k` most similar chunks to `query` (a unit vector of `model`), most similar first. */
  nearest(
    vectors: UserVectors,
    model: string,
    query: number[],
    k: number,
    minSimilarity: number,
  ): VectorHit[] {
    const set = vectors.byModel.get(model);
    if (!set || set.dims !== query.length) return [];
    const q = Float32Array.from(query);
    const hits: VectorHit[] = [];
    for (let row = 0; row < set.keys.length; row++) {
      let dot = 0;
      const base = row * set.dims;
      for (let d = 0; d < set.dims; d++) dot += (set.data[base + d] as number) * (q[d] as number);
      if (dot < minSimilarity) continue;
      if (hits.length < k || dot > (hits[hits.length - 1] as VectorHit).similarity) {
        const key = set.keys[row] as ChunkKey;
        hits.push({ ...key, similarity: dot });
        hits.sort((a, b) => b.similarity - a.similarity);
        if (hits.length > k) hits.pop();
      }
    }
    return hits;
  }

  private load(userId: string): Promise<UserVectors | null> {
    const running = this.loading.get(userId);
    if (running) return running;
    const p = this.read(userId).finally(() => this.loading.delete(userId));
    this.loading.set(userId, p);
    return p;
  }

  private async read(userId: string): Promise<UserVectors | null> {
    const { stamp, rows } = await this.repo.vectorsOf(userId);
    this.forget(userId);
    if (rows.length > VECTOR_CACHE_USER_MAX) {
      this.log.warn(
        { userId, vectors: rows.length },
        'file index: too many vectors to hold; text search only',
      );
      return null;
    }
    const grouped = new Map<string, { keys: ChunkKey[]; vectors: number[][] }>();
    for (const r of rows) {
      const model = r.model ?? '';
      const g = grouped.get(model) ?? { keys: [], vectors: [] };
      g.keys.push({ fileId: r.fileId, chunkIndex: r.chunkIndex });
      g.vectors.push(r.embedding);
      grouped.set(model, g);
    }
    const byModel: UserVectors['byModel'] = new Map();
    for (const [model, g] of grouped) {
      const dims = g.vectors[0]?.length ?? 0;
      const data = new Float32Array(g.vectors.length * dims);
      g.vectors.forEach((v, i) => {
        if (v.length === dims) data.set(v, i * dims);
      });
      byModel.set(model, { keys: g.keys, dims, data });
    }
    const entry: UserVectors = { stamp: stampKey(stamp), byModel, size: rows.length };
    this.users.set(userId, entry);
    this.total += entry.size;
    // Least recently used users go first.
    for (const [id, held] of this.users) {
      if (this.total <= VECTOR_CACHE_MAX || id === userId) break;
      this.total -= held.size;
      this.users.delete(id);
    }
    return entry;
  }
}
