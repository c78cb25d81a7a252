import { createHash } from 'node:crypto';
import { SEED_TABLES, type SeedTable } from '@stratos/contracts/ai/seeding.schema';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { DomainVocabulary } from './vocabulary';

/** What every seeded row is made with: the fixed seed, per-row random numbers, hashes and ids. */

/** The fixed seed. */
export const SEED = 20_160_916;

export type SeedRow = Record<string, unknown> & { content_hash: string };
export type SeedData = Record<SeedTable, SeedRow[]>;

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/**
 * A row's id from its content hash (hex sha-256): its first 128 bits as an RFC 9562 version 8
 * (custom, name-based) UUID, so rows name each other before anything is inserted.
 */
export function idFor(hash: string): string {
  const variant = ((Number.parseInt(hash[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${hash.slice(0, 8)}-${hash.slice(8, 12)}-8${hash.slice(13, 16)}-${variant}${hash.slice(17, 20)}-${hash.slice(20, 32)}`;
}

/** A row's own random numbers. */
export class RowRandom {
  private readonly rng;
  constructor(table: SeedTable, row: number) {
    this.rng = xoroshiro128plus(SEED + SEED_TABLES.indexOf(table) * 1_000_000 + row);
  }
  int(from: number, to: number): number {
    return uniformInt(this.rng, from, to);
  }
  float(from = 0, to = 1, digits = 2): number {
    const f = 10 ** digits;
    return Math.round((from + uniformFloat64(this.rng) * (to - from)) * f) / f;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)] as T;
  }
  chance(p: number): boolean {
    return uniformFloat64(this.rng) < p;
  }
}

export interface KnowledgeItem {
  id: string;
  domain: DomainVocabulary;
  topic: string;
  facet: string;
  title: string;
  content: string;
}

/** Knowledge items and interactions per `domain:topic`, the real counts expertise rows report. */
export type TopicStats = Map<string, { knowledge: number; interactions: number }>;
