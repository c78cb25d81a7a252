import type { LanguageModel, ModelMessage } from 'ai';

/** What the router asks of one provider call (its `callSettings`). */
export interface GenerateSettings {
  system?: string;
  prompt?: string;
  messages?: ModelMessage[];
  temperature: number;
  maxOutputTokens: number;
  /** Ask the provider for a JSON object (its JSON mode); only on the direct path. */
  responseFormat?: { type: 'json' };
}

export interface Generated {
  text: string;
  usage: { inputTokens?: number; outputTokens?: number; totalTokens?: number };
}

type PromptMessage =
  | { role: 'system'; content: string }
  | { role: 'user' | 'assistant'; content: Array<{ type: 'text'; text: string }> };

interface CallOptions {
  prompt: PromptMessage[];
  temperature?: number;
  maxOutputTokens?: number;
  responseFormat?: { type: 'json' };
  abortSignal?: AbortSignal;
}

type ModelUsage = { inputTokens?: { total?: number }; outputTokens?: { total?: number } };

/** The part of the AI SDK's language model interface (specification v4) a text call uses. */
interface TextModel {
  readonly specificationVersion: string;
  doGenerate(options: CallOptions): Promise<{
    content: Array<{ type: string; text?: string }>;
    usage?: ModelUsage;
  }>;
  doStream(options: CallOptions): PromiseLike<{
    stream: ReadableStream<{ type: string; delta?: string; usage?: ModelUsage; error?: unknown }>;
  }>;
}

/** A piece of a streamed reply, as `streamText`'s full stream names them (the router reads these). */
export type StreamPart = { type: string; text?: string; error?: unknown; totalUsage?: unknown } & Record<
  string,
  unknown
>;

const text = (t: string) => [{ type: 'text' as const, text: t }];

/** Our text-only prompt in the model's own format; null when a message carries anything but text. */
function textPrompt(s: GenerateSettings): PromptMessage[] | null {
  const out: PromptMessage[] = s.system ? [{ role: 'system', content: s.system }] : [];
  if (!s.messages?.length) return [...out, { role: 'user', content: text(s.prompt ?? '') }];
  for (const m of s.messages) {
    if (m.role !== 'user' && m.role !== 'assistant') return null;
    if (typeof m.content === 'string') {
      out.push({ role: m.role, content: text(m.content) });
      continue;
    }
    const parts: Array<{ type: 'text'; text: string }> = [];
    for (const p of m.content) {
      if (p.type !== 'text') return null;
      parts.push({ type: 'text', text: p.text });
    }
    out.push({ role: m.role, content: parts });
  }
  return out;
}

const isTextModel = (m: LanguageModel): m is LanguageModel & TextModel =>
  typeof m === 'object' && m.specificationVersion === 'v4';

/**
 * One whole reply from a model. A text-only call goes straight to the provider adapter's
 * `doGenerate`, the same HTTP request `generateText` makes: `generateText` orchestrates tools,
 * steps, retries, telemetry and prompt validation around it, none of which a text reply with our
 * own fallback uses, at ~0.4 ms of CPU per call (measured against a stand-in: generateText ~0.97
 * ms, doGenerate ~0.57, a bare fetch ~0.56). Anything else (images, another model interface)
 * goes through `generateText`.
 */
export async function generateReply(
  modelOrLoading: LanguageModel | Promise<LanguageModel>,
  s: GenerateSettings,
  abortSignal: AbortSignal,
): Promise<Generated> {
  const model = await modelOrLoading;
  const prompt = isTextModel(model) ? textPrompt(s) : null;
  if (!prompt || !isTextModel(model)) {
    // The AI SDK's orchestration is loaded only by a call that needs it, not at start.
    const { generateText } = await import('ai');
    const out = await generateText(sdkCall(model, s, abortSignal));
    return { text: out.text, usage: out.usage };
  }
  const out = await model.doGenerate({
    prompt,
    temperature: s.temperature,
    maxOutputTokens: s.maxOutputTokens,
    ...(s.responseFormat ? { responseFormat: s.responseFormat } : {}),
    abortSignal,
  });
  return {
    text: out.content.map((p) => (p.type === 'text' ? (p.text ?? '') : '')).join(''),
    usage: flatUsage(out.usage),
  };
}

/**
 * A streamed reply, as `streamText`'s full stream parts (text-delta, finish with totalUsage, error).
 * A text-only call reads the adapter's `doStream` directly, the same HTTP request `streamText`
 * makes, without the transform streams, steps and telemetry it layers on every chunk: on the way
 * to the first token that is most of what our endpoint adds. Anything else goes through
 * `streamText`. The provider call starts with the first read, so its refusal is thrown there.
 */
export async function* streamReply(
  modelOrLoading: LanguageModel | Promise<LanguageModel>,
  s: GenerateSettings,
  abortSignal: AbortSignal,
): AsyncGenerator<StreamPart> {
  const model = await modelOrLoading;
  const prompt = isTextModel(model) ? textPrompt(s) : null;
  if (!prompt || !isTextModel(model)) {
    const { streamText } = await import('ai');
    yield* streamText({ ...sdkCall(model, s, abortSignal), onError: () => {} })
      .fullStream as AsyncIterable<StreamPart>;
    return;
  }
  const { stream } = await model.doStream({
    prompt,
    temperature: s.temperature,
    maxOutputTokens: s.maxOutputTokens,
    abortSignal,
  });
  for await (const part of stream) {
    if (part.type === 'text-delta') yield { type: 'text-delta', text: part.delta ?? '' };
    else if (part.type === 'finish') yield { type: 'finish', totalUsage: flatUsage(part.usage) };
    else if (part.type === 'error') yield { type: 'error', error: part.error };
  }
}

/** The AI SDK's own call, for what the direct path does not take (images, another model interface). */
function sdkCall(model: LanguageModel, s: GenerateSettings, abortSignal: AbortSignal) {
  const base = {
    model,
    temperature: s.temperature,
    maxOutputTokens: s.maxOutputTokens,
    maxRetries: 0,
    system: s.system,
    abortSignal,
  };
  return s.messages?.length ? { ...base, messages: s.messages } : { ...base, prompt: s.prompt ?? '' };
}

function flatUsage(u: ModelUsage | undefined): Generated['usage'] {
  const inputTokens = u?.inputTokens?.total;
  const outputTokens = u?.outputTokens?.total;
  return {
    inputTokens,
    outputTokens,
    totalTokens:
      inputTokens !== undefined || outputTokens !== undefined
        ? (inputTokens ?? 0) + (outputTokens ?? 0)
        : undefined,
  };
}
