import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendFeedback } from './send-feedback';

const ID = '0f7f2b6e-5d1a-4c55-9a5b-2a6a4d0f9e21';

function capture() {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify({ success: true }), { headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return () => {
    const [url, init] = fetchMock.mock.calls.at(-1) as unknown as [string, RequestInit];
    return { url, body: JSON.parse(String(init.body)) };
  };
}

describe('sendFeedback', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the rating and the trimmed comment to the message', async () => {
    const last = capture();
    await sendFeedback(ID, 4, '  Clear table  ');
    expect(last()).toEqual({
      url: `/api/ai/chat/${ID}/feedback`,
      body: { rating: 4, comment: 'Clear table' },
    });
  });

  it('leaves a blank comment out', async () => {
    const last = capture();
    await sendFeedback(ID, 2, '   \n ');
    expect(last().body).toEqual({ rating: 2 });
  });
});
