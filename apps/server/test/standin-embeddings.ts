/**
 * The stand-ins' embedding model: deterministic vectors where texts that mean alike point alike.
 * Each word is lower-cased, given a crude English stem, mapped through a small thesaurus to its
 * concept ("automobile" and "car" are one concept), then hashed to two signed dimensions; the sum
 * is normalised. Texts sharing concepts get high cosine similarity, unrelated texts near zero, so a
 * test can check meaning-like ranking (a paraphrase without a shared word still matches) without a
 * real model. Benchmarks use the same function to make vectors.
 */

const CONCEPTS: string[][] = [
  ['car', 'automobile', 'vehicle', 'auto'],
  ['engine', 'motor'],
  ['maintenance', 'upkeep', 'servicing', 'repair'],
  ['fast', 'quick', 'rapid', 'speedy'],
  ['database', 'datastore'],
  ['query', 'lookup', 'retrieval'],
  ['index', 'catalog', 'catalogue'],
  ['learn', 'study', 'tutorial', 'lesson'],
  ['error', 'bug', 'fault', 'defect'],
  ['secure', 'safe', 'protected'],
  ['attack', 'exploit', 'intrusion'],
  ['money', 'cash', 'fund', 'finance'],
  ['doctor', 'physician', 'clinician'],
  ['illness', 'disease', 'sickness'],
  ['big', 'large', 'huge'],
  ['small', 'tiny', 'little'],
  ['picture', 'image', 'photo'],
  ['begin', 'start', 'commence'],
];

const CONCEPT_OF = new Map<string, string>();
for (const group of CONCEPTS) for (const w of group) CONCEPT_OF.set(w, group[0] as string);

function stem(word: string): string {
  for (const suffix of ['ing', 'es', 's', 'ed']) {
    if (word.length > suffix.length + 3 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  }
  return word;
}

function fnv1a(s: string, seed: number): number {
  let h = 0x811c9dc5 ^ seed;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The concept-hashed, unit-length vector of a text (all zeros but one dimension for an empty text). */
export function standinEmbedding(text: string, dimensions = 384): number[] {
  const v = new Array<number>(dimensions).fill(0);
  const words = text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  for (const raw of words) {
    if (raw.length < 2) continue;
    const w = stem(raw);
    const concept = CONCEPT_OF.get(w) ?? CONCEPT_OF.get(raw) ?? w;
    for (const seed of [1, 2]) {
      const h = fnv1a(concept, seed);
      v[h % dimensions] = (v[h % dimensions] as number) + ((h >>> 16) & 1 ? 1 : -1);
    }
  }
  let norm = Math.hypot(...v);
  if (norm === 0) {
    v[0] = 1;
    norm = 1;
  }
  return v.map((x) => x / norm);
}

/**
 * The reply of an embedding call in the provider's wire format: Ollama's /api/embed
 * (`embeddings`, all-minilm's 384 dimensions) or OpenAI's /v1/embeddings (`data[].embedding`, the
 * request's `dimensions`, 1536 when it names none). `dimensions` overrides both (a wrong-size test).
 */
export function embeddingReply(wire: 'ollama' | 'openai', body: unknown, dimensions?: number): unknown {
  const req = (body ?? {}) as { model?: string; input?: string | string[]; dimensions?: number };
  const inputs = typeof req.input === 'string' ? [req.input] : (req.input ?? []);
  const model = req.model ?? 'model';
  if (wire === 'ollama') {
    return {
      model,
      embeddings: inputs.map((t) => standinEmbedding(t, dimensions ?? 384)),
      total_duration: 1000,
      load_duration: 10,
      prompt_eval_count: inputs.length,
    };
  }
  const dims = dimensions ?? req.dimensions ?? 1536;
  return {
    object: 'list',
    model,
    data: inputs.map((t, index) => ({ object: 'embedding', index, embedding: standinEmbedding(t, dims) })),
    usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
  };
}
