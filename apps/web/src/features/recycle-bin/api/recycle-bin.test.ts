import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECYCLE_PAGE_SIZE, recycleBinQueryOptions } from './recycle-bin';

describe('recycleBinQueryOptions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the server for one page (limit and offset) and reads the total', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ success: true, items: [], total: 120, retentionDays: 30 }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const data = await new QueryClient().fetchQuery(recycleBinQueryOptions(3));
    const [url] = fetchMock.mock.calls.at(-1) as unknown as [string];
    expect(url).toBe(`/api/recycle-bin?limit=${RECYCLE_PAGE_SIZE}&offset=${2 * RECYCLE_PAGE_SIZE}`);
    expect(data.total).toBe(120);
  });
});
