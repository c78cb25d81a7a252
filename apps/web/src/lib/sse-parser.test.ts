import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse-parser';

function parse(pieces: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createSseParser((e) => events.push(e));
  for (const p of pieces) parser.push(p);
  parser.end();
  return events;
}

describe('createSseParser', () => {
  it('reads named events and their data', () => {
    expect(parse(['event: token\ndata: {"text":"Hi"}\n\nevent: done\ndata: {}\n\n'])).toEqual([
      { event: 'token', data: '{"text":"Hi"}' },
      { event: 'done', data: '{}' },
    ]);
  });

  it('gives the same events however the text is split, even one character at a time', () => {
    const text = 'event: token\ndata: {"text":"a b"}\n\nevent: retry\ndata: {"attempt":2}\n\n';
    const whole = parse([text]);
    expect(parse([...text])).toEqual(whole);
    expect(parse([text.slice(0, 9), text.slice(9, 30), text.slice(30)])).toEqual(whole);
  });

  it('joins multi-line data with newlines and names an unnamed event "message"', () => {
    expect(parse(['data: first\ndata: second\n\n'])).toEqual([{ event: 'message', data: 'first\nsecond' }]);
  });

  it('accepts CRLF and CR line ends, also when a CRLF is split between pieces', () => {
    expect(parse(['event: token\r\ndata: x\r', '\n\r\n', 'data: y\r\r'])).toEqual([
      { event: 'token', data: 'x' },
      { event: 'message', data: 'y' },
    ]);
  });

  it('skips comments and unknown fields, keeps a value without the optional space', () => {
    expect(parse([': keep-alive\nid: 7\nevent:error\ndata:{"a":1}\n\n'])).toEqual([
      { event: 'error', data: '{"a":1}' },
    ]);
  });

  it('drops an event the stream cut off before its blank line', () => {
    expect(parse(['event: token\ndata: {"text":"ok"}\n\nevent: done\ndata: {"partial'])).toEqual([
      { event: 'token', data: '{"text":"ok"}' },
    ]);
  });

  it('does not carry an event name over to the next event', () => {
    expect(parse(['event: token\ndata: 1\n\ndata: 2\n\n'])).toEqual([
      { event: 'token', data: '1' },
      { event: 'message', data: '2' },
    ]);
  });
});
