import type { LanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { generateReply } from './direct-generate';

/** A v4 model answering with fixed content, recording the prompts it was called with. */
function fakeModel() {
  const prompts: unknown[] = [];
  const model = {
    specificationVersion: 'v4',
    provider: 'fake',
    modelId: 'fake-1',
    supportedUrls: {},
    doGenerate: async (options: { prompt: unknown; temperature?: number; maxOutputTokens?: number }) => {
      prompts.push(options.prompt);
      return {
        content: [
          { type: 'reasoning', text: 'hidden' },
          { type: 'text', text: 'Hello ' },
          { type: 'text', text: 'there.' },
        ],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: { inputTokens: { total: 12 }, outputTokens: { total: 5 } },
        warnings: [],
      };
    },
  };
  return { model: model as unknown as LanguageModel, prompts };
}

const settings = { temperature: 0.7, maxOutputTokens: 100 };

describe('generateReply', () => {
  it('sends a text conversation to the model in its own format and reads back the text and tokens', async () => {
    const f = fakeModel();
    const out = await generateReply(
      f.model,
      {
        ...settings,
        system: 'Be brief.',
        messages: [
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello.' },
          { role: 'user', content: [{ type: 'text', text: 'Again' }] },
        ],
      },
      new AbortController().signal,
    );
    expect(f.prompts).toEqual([
      [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'Hello.' }] },
        { role: 'user', content: [{ type: 'text', text: 'Again' }] },
      ],
    ]);
    expect(out).toEqual({
      text: 'Hello there.',
      usage: { inputTokens: 12, outputTokens: 5, totalTokens: 17 },
    });
  });

  it('sends a single prompt as the user message', async () => {
    const f = fakeModel();
    await generateReply(f.model, { ...settings, prompt: 'Summarise this' }, new AbortController().signal);
    expect(f.prompts).toEqual([[{ role: 'user', content: [{ type: 'text', text: 'Summarise this' }] }]]);
  });

  it('leaves a message with an image to generateText, which passes the image on', async () => {
    const f = fakeModel();
    const out = await generateReply(
      f.model,
      {
        ...settings,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is this?' },
              { type: 'image', image: new Uint8Array([137, 80, 78, 71]), mediaType: 'image/png' },
            ],
          },
        ],
      },
      new AbortController().signal,
    );
    const [prompt] = f.prompts as Array<Array<{ content: Array<{ type: string }> }>>;
    expect(prompt?.[0]?.content.map((p) => p.type)).toEqual(['text', 'file']);
    expect(out.text).toBe('Hello there.');
  });
});
