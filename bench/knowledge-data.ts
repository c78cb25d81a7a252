/**
 * The knowledge base of the knowledge-search bench: `n` items over 30 domains, made from a fixed
 * seed, with their embeddings computed here by the stand-ins' embedding function (the same vectors
 * the Ollama stand-in answers for the same text), inserted directly in batches.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';
import { pgArray } from '../apps/server/src/modules/ai/knowledge-search/knowledge-search.repository';
import { standinEmbedding } from '../apps/server/test/standin-embeddings';

export const BENCH_EMBEDDING_MODEL = 'ollama/all-minilm';

const DOMAINS = [
  'machine_learning',
  'databases',
  'web_development',
  'security',
  'networking',
  'cloud',
  'devops',
  'mobile',
  'data_science',
  'algorithms',
  'operating_systems',
  'compilers',
  'graphics',
  'finance',
  'medicine',
  'automotive',
  'design',
  'education',
  'testing',
  'architecture',
  'embedded',
  'robotics',
  'blockchain',
  'linguistics',
  'physics',
  'chemistry',
  'biology',
  'statistics',
  'accessibility',
  'games',
];

/** Topic words; the stand-in's thesaurus relates some of them (car/automobile, query/lookup, ...). */
const WORDS = (
  'car automobile engine motor maintenance upkeep fast quick database query lookup index catalog ' +
  'learn tutorial error bug secure attack money doctor illness large small picture begin network ' +
  'model training gradient tensor cache latency thread process memory kernel compiler parser token ' +
  'schema replica shard transaction commit rollback cluster container pipeline deploy monitor alert ' +
  'encryption certificate firewall packet router protocol socket browser render component state ' +
  'hook layout contrast keyboard screen reader sensor actuator battery circuit signal filter sample ' +
  'regression variance median outlier forecast budget ledger invoice payment patient symptom ' +
  'diagnosis molecule reaction enzyme protein genome orbit energy velocity grammar syntax semantics'
).split(' ');

const TYPES = ['concept', 'pattern', 'example', 'best_practice', 'troubleshooting'];
const LEVELS = ['beginner', 'intermediate', 'advanced'];

/** mulberry32: a small seeded generator, so every run builds the same knowledge base. */
function generator(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface BenchItem {
  domain: string;
  type: string;
  title: string;
  content: string;
  keywords: string[];
  difficulty: string;
  vector: number[];
}

export function benchItems(n: number, seed = 16): BenchItem[] {
  const next = generator(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  return Array.from({ length: n }, (_, i) => {
    const topic = [pick(WORDS), pick(WORDS), pick(WORDS)];
    const sentences = Array.from(
      { length: 4 },
      () =>
        `The ${pick(WORDS)} ${pick(WORDS)} affects the ${pick(WORDS)} when ${pick(WORDS)} meets ${pick(WORDS)}.`,
    );
    const title = `${topic.join(' ')} note ${i}`;
    // The item number makes every text (and vector) distinct, so nearest neighbours have no ties.
    const content = `${sentences.join(' ')} Reference ${i}.`;
    return {
      domain: pick(DOMAINS),
      type: pick(TYPES),
      title,
      content,
      keywords: [...new Set(topic)],
      difficulty: pick(LEVELS),
      vector: standinEmbedding(`${title}\n\n${content}`),
    };
  });
}

/** The fixed query set: topic phrases, some sharing no word with any item's text (thesaurus pairs). */
export function benchQueries(n: number, seed = 61): string[] {
  const next = generator(seed);
  const pick = () => WORDS[Math.floor(next() * WORDS.length)] as string;
  return Array.from({ length: n }, (_, i) =>
    i % 4 === 3 ? `${pick()} upkeep for an automobile motor` : `${pick()} ${pick()} ${pick()} explained`,
  );
}

/** Inserts the items and their embeddings (model BENCH_EMBEDDING_MODEL), 500 per statement. */
export async function insertBenchItems(db: Db, items: readonly BenchItem[]): Promise<void> {
  for (let i = 0; i < items.length; i += 500) {
    const batch = items.slice(i, i + 500);
    const col = <K extends keyof BenchItem>(k: K) => pgArray(batch.map((b) => String(b[k])));
    await db.execute(sql`
      with items as (
        insert into ai_knowledge_base (domain, type, title, content, keywords, difficulty_level)
        select d, t, ti, c, string_to_array(k, ','), l
        from unnest(${col('domain')}::text[], ${col('type')}::text[], ${col('title')}::text[],
          ${col('content')}::text[], ${pgArray(batch.map((b) => b.keywords.join(',')))}::text[],
          ${col('difficulty')}::text[]) as u(d, t, ti, c, k, l)
        returning id, title, content
      )
      insert into ai_knowledge_embeddings (knowledge_id, embedding_vector, embedding_model, content_hash)
      select items.id, v.vector::real[], ${BENCH_EMBEDDING_MODEL},
        encode(sha256(convert_to(items.title || E'\\n\\n' || items.content, 'UTF8')), 'hex')
      from items join unnest(${col('title')}::text[], ${pgArray(batch.map((b) => `{${b.vector.join(',')}}`))}::text[])
        as v(title, vector) on v.title = items.title`);
  }
}
