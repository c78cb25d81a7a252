import type { BenchmarkPrompt } from '@stratos/contracts/ai/benchmark.schema';

/**
 * The fixed prompt set every run sends to each available provider: one per category, short enough
 * that a run stays cheap (about 2,000 tokens per provider), with clear topic words so the chat's
 * quality classifier can judge the replies the same way it judges chat answers.
 */
export const BENCHMARK_PROMPTS: readonly BenchmarkPrompt[] = [
  {
    id: 'factual-photosynthesis',
    category: 'factual',
    prompt:
      'Explain how photosynthesis turns sunlight, water and carbon dioxide into sugar, in three sentences.',
  },
  {
    id: 'reasoning-trains',
    category: 'reasoning',
    prompt:
      'A train leaves at 09:00 travelling 80 km/h; a second train leaves the same station at 10:00 travelling 120 km/h on the same track. When does the second train catch the first? Show the reasoning.',
  },
  {
    id: 'coding-palindrome',
    category: 'coding',
    prompt:
      'Write a TypeScript function that checks whether a string is a palindrome, ignoring case and punctuation.',
  },
  {
    id: 'summarisation-backups',
    category: 'summarisation',
    prompt:
      'Summarise in two sentences why the 3-2-1 backup rule (three copies, two media, one offsite) protects files against disk failure, theft and ransomware.',
  },
  {
    id: 'creative-storage',
    category: 'creative',
    prompt: 'Write a four-line poem about cloud storage keeping old family photographs safe.',
  },
];

/** Reply length asked of each prompt: enough for a full answer, capped so a run costs little. */
export const BENCHMARK_MAX_TOKENS = 400;
export const BENCHMARK_TEMPERATURE = 0.2;
