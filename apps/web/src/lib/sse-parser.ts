/** One server-sent event: its name (`message` when the stream gives none) and its data lines joined. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * An incremental parser of the `text/event-stream` format (WHATWG HTML, "Server-sent events"):
 * feed it text as it arrives, in pieces of any size; it calls `onEvent` once per complete event.
 * Lines end in LF, CR or CRLF; `data:` lines of one event are joined with a newline; comments
 * (`:`) and unknown fields are skipped; an event without data is not dispatched.
 */
export function createSseParser(onEvent: (event: SseEvent) => void) {
  let buffer = '';
  let eventName = '';
  let data: string[] = [];
  /** A CR ended the last piece: an LF at the start of the next one belongs to it. */
  let pendingCr = false;

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: eventName || 'message', data: data.join('\n') });
    eventName = '';
    data = [];
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') data.push(value);
  };

  return {
    push(chunk: string) {
      let text = chunk;
      if (pendingCr && text.startsWith('\n')) text = text.slice(1);
      pendingCr = false;
      buffer += text;
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        if (!match) break;
        // A lone CR at the very end may be the first half of a CRLF split across pieces.
        if (match[0] === '\r' && match.index === buffer.length - 1) pendingCr = true;
        line(buffer.slice(0, match.index));
        buffer = buffer.slice(match.index + match[0].length);
      }
    },
    /** The stream ended: an event still waiting for its blank line is dropped, as the format says. */
    end() {
      buffer = '';
      eventName = '';
      data = [];
    },
  };
}
