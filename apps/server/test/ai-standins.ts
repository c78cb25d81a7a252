import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { embeddingReply } from './standin-embeddings';

/**
 * Local stand-ins for the AI providers, speaking each one's real wire protocol, so tests never
 * reach the internet: Ollama (/api/tags, /api/chat, /api/generate, NDJSON streaming), OpenAI and
 * Hugging Face (OpenAI-compatible /v1/models, /v1/chat/completions, SSE streaming), Anthropic
 * (/v1/models, /v1/messages, SSE events) and Google (/v1beta/models, :generateContent,
 * :streamGenerateContent?alt=sse). Each can be told to answer, fail, stall, rate-limit or break.
 * Ollama (/api/embed) and OpenAI (/v1/embeddings) also embed, with standinEmbedding's vectors.
 */

export type StandinKind = 'ollama' | 'openai' | 'anthropic' | 'google' | 'huggingface';

/**
 * ok: answer; fail: HTTP 500; stall: never answer; rate-limit: 429 with Retry-After;
 * unauthorized: 401; break: a stream that ends before its first token (a non-streamed call loses
 * its connection); break-after-first: a stream cut after its first token.
 */
export type StandinMode =
  | 'ok'
  | 'fail'
  | 'stall'
  | 'rate-limit'
  | 'unauthorized'
  | 'break'
  | 'break-after-first';

export interface StandinBehaviour {
  /** How the model list / tags call (the health check) answers. */
  health: StandinMode;
  /** How generation answers. */
  chat: StandinMode;
  /** The reply's text. */
  text: string;
  /** Retry-After seconds sent with a 429. */
  retryAfter: number;
  promptTokens: number;
  completionTokens: number;
  models: string[];
  /** Milliseconds between streamed pieces. */
  chunkDelayMs: number;
  /**
   * When set, the reply's text comes from here instead of `text`: `prompt` is every message's text
   * of the request (system included) joined by blank lines, or the prompt of /api/generate. Lets
   * one stand-in answer analysis prompts with JSON and chat prompts with prose.
   */
  respond?: (req: { prompt: string; model: string }) => string;
  /** When set, generations wait for it before answering (recorded as they arrive). */
  gate?: Promise<void>;
  /** How embedding calls answer ('break' drops the connection). */
  embed: StandinMode;
  /**
   * Dimensions of the vectors sent back; by default Ollama's all-minilm size (384) and, for
   * OpenAI, the request's `dimensions` (1536 when it names none), as the real services do.
   */
  embedDimensions?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

const DEFAULT_MODELS: Record<StandinKind, string[]> = {
  ollama: ['llama3.2:latest', 'llama3.2:3b'],
  openai: ['gpt-3.5-turbo', 'gpt-4'],
  anthropic: ['claude-3-haiku-20240307'],
  google: ['gemini-pro'],
  huggingface: ['mistralai/Mistral-7B-Instruct-v0.2'],
};

export class ProviderStandin {
  readonly requests: RecordedRequest[] = [];
  behaviour: StandinBehaviour;
  private readonly open = new Set<ServerResponse>();
  private constructor(
    readonly kind: StandinKind,
    private readonly server: Server,
    readonly url: string,
  ) {
    this.behaviour = ProviderStandin.defaults(kind);
  }

  static defaults(kind: StandinKind): StandinBehaviour {
    return {
      health: 'ok',
      chat: 'ok',
      text: `Hello from the ${kind} stand-in, answering in several words.`,
      retryAfter: 30,
      promptTokens: 12,
      completionTokens: 8,
      models: DEFAULT_MODELS[kind],
      chunkDelayMs: 0,
      embed: 'ok',
    };
  }

  static async start(kind: StandinKind): Promise<ProviderStandin> {
    let self: ProviderStandin | undefined;
    const server = createServer((req, res) => {
      void self?.handle(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    self = new ProviderStandin(kind, server, `http://127.0.0.1:${port}`);
    return self;
  }

  /** The base URL the adapter is configured with (each SDK's own convention). */
  get baseUrl(): string {
    switch (this.kind) {
      case 'ollama':
        return this.url;
      case 'google':
        return `${this.url}/v1beta`;
      default:
        return `${this.url}/v1`;
    }
  }

  set(patch: Partial<StandinBehaviour>): void {
    this.behaviour = { ...this.behaviour, ...patch };
  }

  reset(): void {
    this.behaviour = ProviderStandin.defaults(this.kind);
    this.requests.length = 0;
  }

  /** Generation requests received (not health checks, not embeddings). */
  get generations(): RecordedRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && !isEmbedPath(r.path));
  }

  /** Embedding requests received. */
  get embeddings(): RecordedRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && isEmbedPath(r.path));
  }

  async close(): Promise<void> {
    for (const res of this.open) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.open.add(res);
    res.on('close', () => this.open.delete(res));
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = raw;
    }
    const url = new URL(req.url ?? '/', this.url);
    this.requests.push({
      method: req.method ?? 'GET',
      path: url.pathname + url.search,
      headers: req.headers,
      body,
    });
    const b = this.behaviour;
    if (req.method === 'GET') {
      if (!this.authorised(req, url)) return json(res, 401, { error: { message: 'invalid api key' } });
      if (this.refuse(res, b.health)) return;
      return json(res, 200, this.modelList());
    }
    if (!this.authorised(req, url)) return json(res, 401, { error: { message: 'invalid api key' } });
    if (isEmbedPath(url.pathname)) return this.embed(res, body);
    if (b.gate) await b.gate;
    if (this.refuse(res, b.chat)) return;
    const streaming = this.isStreaming(url, body);
    if (!streaming) {
      if (b.chat === 'break' || b.chat === 'break-after-first') return void res.destroy();
      return json(res, 200, this.whole(url, body));
    }
    await this.stream(res, url, body);
  }

  /** Ollama's /api/embed and OpenAI's /v1/embeddings, each in its own reply shape. */
  private embed(res: ServerResponse, body: unknown): void {
    const b = this.behaviour;
    if (this.refuse(res, b.embed)) return;
    if (b.embed === 'break' || b.embed === 'break-after-first') {
      res.destroy();
      return;
    }
    json(res, 200, embeddingReply(this.kind === 'ollama' ? 'ollama' : 'openai', body, b.embedDimensions));
  }

  /** Keys: any non-empty key is accepted except one containing "bad". */
  private authorised(req: IncomingMessage, url: URL): boolean {
    if (this.kind === 'ollama') return true;
    const key =
      this.kind === 'anthropic'
        ? req.headers['x-api-key']
        : this.kind === 'google'
          ? (req.headers['x-goog-api-key'] ?? url.searchParams.get('key'))
          : req.headers.authorization?.replace(/^Bearer /, '');
    return typeof key === 'string' && key.length > 0 && !key.includes('bad');
  }

  /** Answers for the failing modes; true when it did. */
  private refuse(res: ServerResponse, mode: StandinMode): boolean {
    switch (mode) {
      case 'fail':
        json(res, 500, { error: { message: 'stand-in told to fail' } });
        return true;
      case 'unauthorized':
        json(res, 401, { error: { message: 'invalid api key' } });
        return true;
      case 'rate-limit':
        res.setHeader('retry-after', String(this.behaviour.retryAfter));
        json(res, 429, { error: { message: 'rate limited', type: 'rate_limit_error' } });
        return true;
      case 'stall':
        return true;
      default:
        return false;
    }
  }

  private modelList(): unknown {
    const models = this.behaviour.models;
    switch (this.kind) {
      case 'ollama':
        return {
          models: models.map((name) => ({
            name,
            model: name,
            size: 1,
            digest: 'x',
            modified_at: new Date().toISOString(),
          })),
        };
      case 'google':
        return { models: models.map((m) => ({ name: `models/${m}` })) };
      case 'anthropic':
        return { data: models.map((id) => ({ id, type: 'model', display_name: id })), has_more: false };
      default:
        return { object: 'list', data: models.map((id) => ({ id, object: 'model', owned_by: 'standin' })) };
    }
  }

  private isStreaming(url: URL, body: unknown): boolean {
    if (this.kind === 'google') return url.pathname.includes(':streamGenerateContent');
    const s = (body as { stream?: boolean } | null)?.stream;
    // Ollama streams unless told not to.
    return this.kind === 'ollama' ? s !== false : s === true;
  }

  private model(url: URL, body: unknown): string {
    if (this.kind === 'google')
      return decodeURIComponent(url.pathname.split('/models/')[1]?.split(':')[0] ?? 'gemini-pro');
    return (body as { model?: string } | null)?.model ?? 'model';
  }

  /** The reply's text for this request: `respond` when set, else `text`. */
  private replyText(url: URL, body: unknown): string {
    const b = this.behaviour;
    return b.respond
      ? b.respond({ prompt: promptOf(this.kind, body), model: this.model(url, body) })
      : b.text;
  }

  private whole(url: URL, body: unknown): unknown {
    const b = { ...this.behaviour, text: this.replyText(url, body) };
    const model = this.model(url, body);
    const now = Math.floor(Date.now() / 1000);
    switch (this.kind) {
      case 'ollama':
        if (url.pathname === '/api/generate') {
          return {
            model,
            created_at: new Date().toISOString(),
            response: b.text,
            done: true,
            done_reason: 'stop',
            prompt_eval_count: b.promptTokens,
            eval_count: b.completionTokens,
            total_duration: 1000,
          };
        }
        return {
          model,
          created_at: new Date().toISOString(),
          message: { role: 'assistant', content: b.text },
          done: true,
          done_reason: 'stop',
          prompt_eval_count: b.promptTokens,
          eval_count: b.completionTokens,
          total_duration: 1000,
        };
      case 'anthropic':
        return {
          id: 'msg_standin',
          type: 'message',
          role: 'assistant',
          model,
          content: [{ type: 'text', text: b.text }],
          stop_reason: 'end_turn',
          stop_sequence: null,
          usage: { input_tokens: b.promptTokens, output_tokens: b.completionTokens },
        };
      case 'google':
        return {
          candidates: [
            { content: { role: 'model', parts: [{ text: b.text }] }, finishReason: 'STOP', index: 0 },
          ],
          usageMetadata: {
            promptTokenCount: b.promptTokens,
            candidatesTokenCount: b.completionTokens,
            totalTokenCount: b.promptTokens + b.completionTokens,
          },
          modelVersion: model,
        };
      default:
        return {
          id: 'chatcmpl-standin',
          object: 'chat.completion',
          created: now,
          model,
          choices: [{ index: 0, message: { role: 'assistant', content: b.text }, finish_reason: 'stop' }],
          usage: {
            prompt_tokens: b.promptTokens,
            completion_tokens: b.completionTokens,
            total_tokens: b.promptTokens + b.completionTokens,
          },
        };
    }
  }

  private async stream(res: ServerResponse, url: URL, body: unknown): Promise<void> {
    const b = { ...this.behaviour, text: this.replyText(url, body) };
    const model = this.model(url, body);
    const ndjson = this.kind === 'ollama';
    res.writeHead(200, {
      'content-type': ndjson ? 'application/x-ndjson' : 'text/event-stream',
      'cache-control': 'no-cache',
    });
    res.flushHeaders();
    if (b.chat === 'break') {
      await sleep(5);
      res.destroy();
      return;
    }
    const pieces = b.text.match(/\S+\s*/g) ?? [b.text];
    const write = (event: string | null, data: unknown) => {
      if (ndjson) res.write(`${JSON.stringify(data)}\n`);
      else
        res.write(
          `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`,
        );
    };
    const created = new Date().toISOString();
    const now = Math.floor(Date.now() / 1000);
    if (this.kind === 'anthropic') {
      write('message_start', {
        type: 'message_start',
        message: {
          id: 'msg_standin',
          type: 'message',
          role: 'assistant',
          model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: b.promptTokens, output_tokens: 1 },
        },
      });
      write('content_block_start', {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'text', text: '' },
      });
    }
    for (const [i, piece] of pieces.entries()) {
      if (res.destroyed) return;
      if (i === 1 && b.chat === 'break-after-first') {
        // Let the first piece reach the client before the connection drops.
        await sleep(30);
        res.destroy();
        return;
      }
      switch (this.kind) {
        case 'ollama':
          write(
            null,
            url.pathname === '/api/generate'
              ? { model, created_at: created, response: piece, done: false }
              : { model, created_at: created, message: { role: 'assistant', content: piece }, done: false },
          );
          break;
        case 'anthropic':
          write('content_block_delta', {
            type: 'content_block_delta',
            index: 0,
            delta: { type: 'text_delta', text: piece },
          });
          break;
        case 'google':
          write(null, { candidates: [{ content: { role: 'model', parts: [{ text: piece }] }, index: 0 }] });
          break;
        default:
          write(null, {
            id: 'chatcmpl-standin',
            object: 'chat.completion.chunk',
            created: now,
            model,
            choices: [
              {
                index: 0,
                delta: i === 0 ? { role: 'assistant', content: piece } : { content: piece },
                finish_reason: null,
              },
            ],
          });
      }
      if (b.chunkDelayMs) await sleep(b.chunkDelayMs);
    }
    switch (this.kind) {
      case 'ollama':
        write(
          null,
          url.pathname === '/api/generate'
            ? {
                model,
                created_at: created,
                response: '',
                done: true,
                done_reason: 'stop',
                prompt_eval_count: b.promptTokens,
                eval_count: b.completionTokens,
                total_duration: 1000,
              }
            : {
                model,
                created_at: created,
                message: { role: 'assistant', content: '' },
                done: true,
                done_reason: 'stop',
                prompt_eval_count: b.promptTokens,
                eval_count: b.completionTokens,
                total_duration: 1000,
              },
        );
        break;
      case 'anthropic':
        write('content_block_stop', { type: 'content_block_stop', index: 0 });
        write('message_delta', {
          type: 'message_delta',
          delta: { stop_reason: 'end_turn', stop_sequence: null },
          usage: { output_tokens: b.completionTokens },
        });
        write('message_stop', { type: 'message_stop' });
        break;
      case 'google':
        write(null, {
          candidates: [{ content: { role: 'model', parts: [{ text: '' }] }, finishReason: 'STOP', index: 0 }],
          usageMetadata: {
            promptTokenCount: b.promptTokens,
            candidatesTokenCount: b.completionTokens,
            totalTokenCount: b.promptTokens + b.completionTokens,
          },
        });
        break;
      default:
        write(null, {
          id: 'chatcmpl-standin',
          object: 'chat.completion.chunk',
          created: now,
          model,
          choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
        });
        write(null, {
          id: 'chatcmpl-standin',
          object: 'chat.completion.chunk',
          created: now,
          model,
          choices: [],
          usage: {
            prompt_tokens: b.promptTokens,
            completion_tokens: b.completionTokens,
            total_tokens: b.promptTokens + b.completionTokens,
          },
        });
        write(null, '[DONE]');
    }
    res.end();
  }
}

/** Every text of a generation request, in order (system prompts included). */
function promptOf(kind: StandinKind, body: unknown): string {
  const b = (body ?? {}) as Record<string, unknown>;
  const texts: string[] = [];
  const add = (v: unknown) => {
    if (typeof v === 'string') texts.push(v);
    else if (Array.isArray(v)) for (const part of v) add((part as { text?: unknown })?.text ?? part);
    else if (v && typeof v === 'object' && 'text' in v) add((v as { text: unknown }).text);
  };
  if (kind === 'google') {
    add((b.systemInstruction as { parts?: unknown } | undefined)?.parts);
    for (const c of (b.contents as { parts?: unknown }[] | undefined) ?? []) add(c.parts);
  } else {
    add(b.system);
    add(b.prompt);
    for (const m of (b.messages as { content?: unknown }[] | undefined) ?? []) add(m.content);
  }
  return texts.join('\n\n');
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** All five stand-ins, and the environment that points every adapter at them. */
export class AiStandins {
  private constructor(readonly all: Record<StandinKind, ProviderStandin>) {}

  static async start(): Promise<AiStandins> {
    const kinds: StandinKind[] = ['ollama', 'openai', 'anthropic', 'google', 'huggingface'];
    const started = await Promise.all(kinds.map((k) => ProviderStandin.start(k)));
    return new AiStandins(
      Object.fromEntries(started.map((s) => [s.kind, s])) as Record<StandinKind, ProviderStandin>,
    );
  }

  get ollama() {
    return this.all.ollama;
  }
  get openai() {
    return this.all.openai;
  }
  get anthropic() {
    return this.all.anthropic;
  }
  get google() {
    return this.all.google;
  }
  get huggingface() {
    return this.all.huggingface;
  }

  /** Configuration for createTestApp: every provider at its stand-in, keys for the paid ones. */
  env(withKeys = true): Record<string, string> {
    return {
      OLLAMA_URL: this.ollama.baseUrl,
      OPENAI_BASE_URL: this.openai.baseUrl,
      ANTHROPIC_BASE_URL: this.anthropic.baseUrl,
      GOOGLE_BASE_URL: this.google.baseUrl,
      HF_BASE_URL: this.huggingface.baseUrl,
      AI_CHECK_TIMEOUT_MS: '300',
      AI_REQUEST_TIMEOUT_MS: '1000',
      AI_EMBED_TIMEOUT_MS: '1000',
      ...(withKeys
        ? {
            OPENAI_API_KEY: 'sk-platform-openai-1234',
            ANTHROPIC_API_KEY: 'sk-ant-platform-5678',
            GOOGLE_API_KEY: 'g-platform-9012',
            HF_API_KEY: 'hf_platform_3456',
          }
        : {}),
    };
  }

  reset(): void {
    for (const s of Object.values(this.all)) s.reset();
  }

  async close(): Promise<void> {
    await Promise.all(Object.values(this.all).map((s) => s.close()));
  }
}

function isEmbedPath(path: string): boolean {
  return path.startsWith('/api/embed') || path.startsWith('/v1/embeddings');
}
