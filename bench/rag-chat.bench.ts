import { eq, sql } from 'drizzle-orm';
import { files, fileTextChunks, fileTextIndex } from '../apps/server/src/db/schema/index';
import { fileIndexServicesFor } from '../apps/server/src/modules/ai/file-index/file-index-services';
import { storeFile } from '../apps/server/test/files.fixture';
import { type ChatApp, chatHeaders, startStandin, withChatApp } from './ai-chat.bench';
import type { Engine } from './engine';
import { compare, type Figure, spread } from './figure';
import { latencyRounds } from './latency-client';
import { debug, ROUNDS } from './support';

/** The figure: a user with 1,000 indexed chunks. */
const CHUNKS = 1000;
const FILES = 50;
const PER_ROUND = 10;
/**
 * About two facts of the files, and answerable by the stand-in's fixed reply ("Hello from the
 * ollama stand-in, answering in several words."), so no reply is judged canned and retried.
 */
export const QUESTION =
  'Say hello in several words, as our handbook on warehouse safety inspections and forklift training does';

/** One fact per paragraph; the question is about two of them, as a question about one's files is. */
const TOPICS = [
  'warehouse safety inspections are done every Monday by the shift lead, who checks exits and racking',
  'forklift training takes two days and ends with a practical test on the loading dock',
  'quarterly revenue grew in the northern region, led by the new distribution contract',
  'the invoice process needs two approvals before payment and a purchase order number',
  'holiday requests go to the team calendar at least two weeks ahead',
  'the database backup runs nightly and is copied to a second site',
  'customer complaints are answered within one working day by the support desk',
  'the office moves to the third floor in spring, with new meeting rooms',
  'security badges must be worn at all times and returned when staff leave',
  'recycling bins for paper, plastic and glass stand beside every kitchen',
  'new laptops are ordered through the IT portal and arrive within a week',
  'the marketing plan for autumn focuses on trade fairs and partner webinars',
  'travel expenses are claimed with receipts within thirty days of the trip',
  'the canteen serves a vegetarian dish every day and closes at three',
  'parking spaces are shared on a rota published each Friday',
  'software licences are reviewed every quarter to drop unused seats',
  'the fire drill happens twice a year and everyone meets at the car park',
  'interns are paired with a mentor for their first three months',
  'supplier contracts above ten thousand euros need legal review',
  'the annual survey asks staff about workload, tools and training needs',
];

/** Everyday words of business documents, for the rest of each paragraph. */
const WORDS = (
  'account action agenda answer budget client company contract cost customer data deadline design detail ' +
  'document email employee estimate feedback goal guide issue item launch manager market meeting method note ' +
  'office order owner partner payment plan policy price process product project quality record report request ' +
  'review risk rule schedule service staff status step supplier support system target task team test time tool ' +
  'update user value vendor version week month year region figure summary draft approval change'
).split(' ');

/** A small deterministic generator (mulberry32), so every run indexes the same text. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One paragraph of a made-up company handbook, ~900 characters: one fact and everyday filler, so
 * the chunker makes one chunk of each and the user ends up with about CHUNKS chunks.
 */
export function paragraphForBench(file: number, n: number): string {
  const next = random(file * 1000 + n + 1);
  const topic = TOPICS[(file * 7 + n) % TOPICS.length] as string;
  const sentences = [`Section ${file}.${n}: ${topic}.`];
  while (sentences.join(' ').length < 840) {
    const words = Array.from({ length: 12 }, () => WORDS[Math.floor(next() * WORDS.length)] as string);
    sentences.push(`${words.join(' ').replace(/^./, (c) => c.toUpperCase())}.`);
  }
  return sentences.join(' ');
}

/** Stores FILES text files of CHUNKS / FILES paragraphs each and indexes them as the app does. */
export async function seedIndex(chat: ChatApp): Promise<number> {
  for (let f = 0; f < FILES; f++) {
    const text = Array.from({ length: CHUNKS / FILES }, (_, n) => paragraphForBench(f, n)).join('\n\n');
    await storeFile(chat.app, { ownerId: chat.userId, name: `handbook-${f}.txt`, data: text });
  }
  const report = await fileIndexServicesFor(chat.app.ctx).indexer.drain(undefined, { sweep: true });
  debug(`indexed ${report.indexed} files`);
  const db = chat.app.ctx.database.db;
  // Statistics as a server's autovacuum keeps them (PGlite runs none); the files bench does the same.
  await db.execute(sql`analyze ${fileTextChunks}, ${fileTextIndex}, ${files}`);
  const [row] = await db
    .select({
      chunks: sql<number>`count(*)::int`,
      embedded: sql<number>`count(${fileTextChunks.embedding})::int`,
    })
    .from(fileTextChunks)
    .where(eq(fileTextChunks.userId, chat.userId));
  const pending = await db.select().from(fileTextIndex).where(eq(fileTextIndex.status, 'pending'));
  const chunks = Number(row?.chunks ?? 0);
  if (chunks < CHUNKS || chunks > CHUNKS * 1.05 || Number(row?.embedded) !== chunks || pending.length > 0) {
    throw new Error(
      `the index holds ${chunks} chunks, ${row?.embedded} embedded, ${pending.length} files pending`,
    );
  }
  return chunks;
}

/**
 * Time to the first streamed token of POST /api/ai/chat/stream for a user with 1,000 indexed,
 * embedded chunks: with "Use my files" on (the question embedded by the Ollama stand-in, one
 * retrieval query, the excerpts in the prompt) against the same request with it off, interleaved
 * request by request against the same stand-in, which thinks 50 ms before its first token (its
 * embeddings answer at once, as a small embedding model nearly does).
 */
export async function ragChatBench(engine: Engine): Promise<Figure[]> {
  const standin = await startStandin();
  try {
    return await withChatApp(engine, standin.thinkingUrl, async (chat) => {
      const chunks = await seedIndex(chat);
      const body = (useFiles: boolean) => JSON.stringify({ message: QUESTION, provider: 'ollama', useFiles });
      // The retrieval is real: the reply names sources and the prompt carries their text.
      const check = await fetch(`${chat.url}/api/ai/chat`, {
        method: 'POST',
        headers: chatHeaders(chat),
        body: body(true),
      });
      const reply = (await check.json()) as { sources?: { fileName: string }[] };
      const sent = await standin.lastBody();
      if (!reply.sources?.length || !sent.includes('Excerpts from the user') || !sent.includes('forklift')) {
        throw new Error(`chat did not answer from the files: ${JSON.stringify(reply).slice(0, 300)}`);
      }
      const target = (useFiles: boolean) => ({
        url: `${chat.url}/api/ai/chat/stream`,
        headers: { 'content-type': 'application/json' },
        headerSets: chat.headerSets,
        body: body(useFiles),
        until: '^event: token$',
        flags: 'm',
      });
      const [withFiles, without] = (await latencyRounds({
        targets: [target(true), target(false)],
        rounds: ROUNDS,
        perRound: PER_ROUND,
      })) as [number[], number[]];
      return [
        compare({
          name: `chat with RAG over ${chunks} indexed chunks (${reply.sources.length} files cited): time to first streamed token, p50, against the same chat without RAG (stand-in thinks 50 ms)`,
          engine: chat.driver,
          unit: 'ms',
          app: spread(withFiles),
          limitName: 'chat without RAG',
          limit: spread(without),
          goal: { atMost: 1.2 },
        }),
      ];
    });
  } finally {
    standin.close();
  }
}
