import { describe, expect, it } from 'vitest';
import { parseServerEvents } from './live-events';

describe('parseServerEvents', () => {
  it('returns complete events, skips comments, keeps the unfinished rest', () => {
    const text =
      ': connected\n\nevent: storage.changed\ndata: {"type":"storage.changed"}\n\n: ping\n\nevent: analysis.changed\ndata: {"type":"analysis.changed","fileId":"f"}\n\nevent: storage.ch';
    const { events, rest } = parseServerEvents(text);
    expect(events).toEqual([
      { type: 'storage.changed', data: { type: 'storage.changed' } },
      { type: 'analysis.changed', data: { type: 'analysis.changed', fileId: 'f' } },
    ]);
    expect(rest).toBe('event: storage.ch');
    expect(parseServerEvents(`${rest}anged\ndata: {}\n\n`).events).toEqual([
      { type: 'storage.changed', data: {} },
    ]);
  });
});
