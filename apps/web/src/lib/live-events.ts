import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { authSession } from './auth-session';
import { tokenIsFresh } from './jwt';
import { storageChanged } from './storage-events';

export interface LiveEvent {
  type: string;
  data: unknown;
}

/**
 * Splits server-sent-event text into complete events; returns them and the unfinished rest.
 * Comment lines (`: ping`) carry nothing.
 */
export function parseServerEvents(text: string): { events: LiveEvent[]; rest: string } {
  const events: LiveEvent[] = [];
  const blocks = text.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const type = /^event: (.*)$/m.exec(block)?.[1];
    const data = /^data: (.*)$/m.exec(block)?.[1];
    if (!type || data === undefined) continue;
    try {
      events.push({ type, data: JSON.parse(data) });
    } catch {
      // A malformed event is skipped, the stream goes on.
    }
  }
  return { events, rest };
}

const RETRY_MS = [1_000, 2_000, 5_000, 15_000];

/**
 * Follows GET /api/events while signed in: another tab's upload, a file analysed on whichever
 * server ran it, refresh this page's storage views. fetch rather than EventSource, which cannot
 * send the bearer token. Reconnects (to any server) when the stream ends.
 */
async function follow(queryClient: QueryClient, signal: AbortSignal): Promise<void> {
  for (let attempt = 0; !signal.aborted; attempt++) {
    try {
      let token = authSession.accessToken();
      if (token && !tokenIsFresh(token)) {
        await authSession.refresh();
        token = authSession.accessToken();
      }
      if (!token) return;
      const res = await fetch('/api/events', { headers: { authorization: `Bearer ${token}` }, signal });
      if (res.ok && res.body) {
        attempt = 0;
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const parsed = parseServerEvents(buffer + value);
          buffer = parsed.rest;
          if (parsed.events.length > 0) storageChanged(queryClient);
        }
      }
    } catch {
      if (signal.aborted) return;
    }
    const wait = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)] ?? 15_000;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/**
 * Keeps the live events stream open while mounted, refreshing `queryClient`'s storage views. The
 * client is passed in: the shell that mounts this sits outside the pages' query providers.
 */
export function useLiveEvents(queryClient: QueryClient): void {
  useEffect(() => {
    const controller = new AbortController();
    void follow(queryClient, controller.signal);
    return () => controller.abort();
  }, [queryClient]);
}
