import type { RetrievalDomain } from '@stratos/contracts/ai/knowledge-records.schema';

/**
 * Which retrieval domain of part 2 section 9 a question is about (javascript, python,
 * web_development, database, ai_ml, devops; else general), by the words it uses. A domain's own
 * name or language counts 2, a word typical of it 1; the highest total wins, ties go to the
 * domain listed first (the languages before the fields they are used in).
 */
// biome-ignore format: word lists, kept compact
const DOMAIN_WORDS: Array<[Exclude<RetrievalDomain, 'general'>, Record<string, number>]> = [
  ['javascript', {
    javascript: 2, js: 2, typescript: 2, ts: 1, 'node.js': 2,
    nodejs: 2, node: 1, npm: 2, yarn: 1, pnpm: 1, deno: 2,
    bun: 1, react: 1, vue: 1, angular: 1, svelte: 1, jsx: 2,
    tsx: 2, es6: 2, ecmascript: 2, webpack: 1, vite: 1,
    eslint: 1, closure: 1, closures: 1, promise: 1, promises: 1,
  }],
  ['python', {
    python: 2, py: 2, pip: 2, django: 1, flask: 1, fastapi: 1,
    pandas: 1, numpy: 1, pytest: 1, venv: 2, virtualenv: 2,
    pyproject: 2, asyncio: 2, jupyter: 1, conda: 1, pep8: 2,
    decorator: 1, decorators: 1,
  }],
  ['web_development', {
    html: 2, css: 2, web: 1, website: 1, webpage: 1, http: 1,
    https: 1, rest: 1, frontend: 1, backend: 1, browser: 1,
    dom: 1, cors: 1, cookie: 1, cookies: 1, url: 1, tailwind: 1,
    sass: 1, responsive: 1, seo: 1, accessibility: 1, websocket: 1,
    graphql: 1,
  }],
  ['database', {
    database: 2, databases: 2, sql: 2, postgres: 2, postgresql: 2,
    mysql: 2, sqlite: 2, mongodb: 2, redis: 1, query: 1,
    queries: 1, index: 1, indexes: 1, join: 1, joins: 1,
    table: 1, tables: 1, schema: 1, orm: 1, migration: 1,
    migrations: 1, transaction: 1, transactions: 1,
  }],
  ['ai_ml', {
    ai: 2, ml: 2, 'machine learning': 2, 'deep learning': 2, neural: 1,
    network: 1, model: 1, models: 1, training: 1, embedding: 1,
    embeddings: 1, llm: 2, llms: 2, gpt: 1, transformer: 1,
    pytorch: 1, tensorflow: 1, classifier: 1, regression: 1,
    dataset: 1, rag: 1, prompt: 1,
  }],
  ['devops', {
    devops: 2, docker: 2, dockerfile: 2, kubernetes: 2, k8s: 2,
    helm: 1, terraform: 1, ansible: 1, ci: 1, cd: 1, 'ci/cd': 2,
    pipeline: 1, deploy: 1, deployment: 1, nginx: 1, aws: 1,
    gcp: 1, azure: 1, jenkins: 1, 'github actions': 1, monitoring: 1,
    prometheus: 1, container: 1, containers: 1,
  }],
];

/** Words: lower case, splitting on anything but letters, digits and the . / + # inside names. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9.+#/]+/)
    .map((w) => w.replace(/^[./]+|[./]+$/g, ''))
    .filter(Boolean);
}

type Domain = Exclude<RetrievalDomain, 'general'>;

/** The vocabularies indexed once (a chat's question is classified on every turn): by word, and the phrases. */
const WEIGHTS_BY_WORD = new Map<string, Array<[Domain, number]>>();
const PHRASES: Array<[Domain, string, number]> = [];
for (const [domain, vocabulary] of DOMAIN_WORDS) {
  for (const [word, weight] of Object.entries(vocabulary)) {
    if (word.includes(' ')) PHRASES.push([domain, ` ${word} `, weight]);
    else WEIGHTS_BY_WORD.set(word, [...(WEIGHTS_BY_WORD.get(word) ?? []), [domain, weight]]);
  }
}

export function classifyDomain(text: string): RetrievalDomain {
  const words = wordsOf(text);
  const scores = new Map<Domain, number>();
  const add = (domain: Domain, weight: number) => scores.set(domain, (scores.get(domain) ?? 0) + weight);
  // A word counts once, however often the question uses it.
  for (const word of new Set(words)) {
    for (const [domain, weight] of WEIGHTS_BY_WORD.get(word) ?? []) add(domain, weight);
  }
  const joined = ` ${words.join(' ')} `;
  for (const [domain, phrase, weight] of PHRASES) if (joined.includes(phrase)) add(domain, weight);
  let best: RetrievalDomain = 'general';
  let bestScore = 0;
  for (const [domain] of DOMAIN_WORDS) {
    const score = scores.get(domain) ?? 0;
    if (score > bestScore) {
      best = domain;
      bestScore = score;
    }
  }
  return best;
}
