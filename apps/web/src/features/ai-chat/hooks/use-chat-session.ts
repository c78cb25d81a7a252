import type { ChatBody, ChatReply } from '@stratos/contracts/ai/chat.schema';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { conversationKey, conversationsKey, updateConversation, useConversation } from '../api/conversations';
import { streamChat } from '../api/stream-chat';
import {
  type ChatEntry,
  draftEntry,
  entriesFromMessages,
  finishedEntry,
  lastQuestion,
  userEntry,
} from '../model/chat-entry';

export type SendOptions = Pick<ChatBody, 'provider' | 'model' | 'temperature'> & { useFiles?: boolean };

export interface ChatFailure {
  message: string;
  /** The question that failed, for its Retry button. */
  question: string;
}

interface SessionState {
  /** The conversation these entries belong to (undefined: a new one, not stored yet). */
  id: string | undefined;
  /** The stored messages have been read in (always true for a new conversation). */
  hydrated: boolean;
  entries: ChatEntry[];
}

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A key of the user's ('default', ...) that names no conversation yet: the first message creates it. */
const isUnusedKey = (id: string | undefined, err: unknown) =>
  Boolean(id) && !UUID.test(id as string) && err instanceof ApiError && err.status === 404;

/**
 * One chat on screen: the stored conversation read once from GET /api/ai/conversations/:id, then
 * questions streamed through POST /api/ai/chat/stream. `onStored` is told the id of a new
 * conversation once its first reply is in, so the page can put it in the URL; coming back with
 * that id keeps what is on screen instead of loading it again.
 */
export function useChatSession(conversationId: string | undefined, onStored: (id: string) => void) {
  const client = useQueryClient();
  const stored = useConversation(conversationId);
  const [session, setSession] = useState<SessionState>({
    id: conversationId,
    hydrated: !conversationId,
    entries: [],
  });
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ChatFailure | null>(null);
  const abort = useRef<AbortController | null>(null);
  const idRef = useRef(conversationId);
  idRef.current = session.id;

  // Another conversation (or a new one) was opened: drop what is on screen and stop any stream.
  useEffect(() => {
    if (conversationId === idRef.current) return;
    abort.current?.abort();
    setFailure(null);
    setSession({ id: conversationId, hydrated: !conversationId, entries: [] });
  }, [conversationId]);

  // Read the stored messages in once, from a fresh answer (not a stale cached one); a key that
  // names nothing yet is an empty conversation.
  useEffect(() => {
    if (session.hydrated || stored.isFetching || session.id !== conversationId) return;
    if (stored.data) {
      setSession({ id: session.id, hydrated: true, entries: entriesFromMessages(stored.data.messages) });
    } else if (isUnusedKey(session.id, stored.error)) {
      setSession({ id: session.id, hydrated: true, entries: [] });
    }
  }, [session, stored.data, stored.error, stored.isFetching, conversationId]);

  useEffect(() => () => abort.current?.abort(), []);

  const patchDraft = useCallback((key: string, patch: (e: ChatEntry) => ChatEntry) => {
    setSession((s) => ({ ...s, entries: s.entries.map((e) => (e.key === key ? patch(e) : e)) }));
  }, []);

  const send = useCallback(
    async (text: string, options: SendOptions) => {
      const message = text.trim();
      if (!message || abort.current) return;
      const controller = new AbortController();
      abort.current = controller;
      const question = userEntry(message);
      const draft = draftEntry();
      const startedIn = idRef.current;
      setFailure(null);
      setBusy(true);
      setSentAt(Date.now());
      setSession((s) => ({ ...s, entries: [...s.entries, question, draft] }));
      let reply: ChatReply | null = null;
      try {
        reply = await streamChat(
          { message, conversationId: startedIn, ...options },
          {
            onToken: (piece) => {
              setSentAt(null);
              patchDraft(draft.key, (e) => ({ ...e, content: e.content + piece }));
            },
            onSources: (sources) => patchDraft(draft.key, (e) => ({ ...e, sources })),
            onRetry: (attempt) => {
              setSentAt(Date.now());
              patchDraft(draft.key, (e) => ({ ...e, content: '', retryAttempt: attempt }));
            },
          },
          controller.signal,
        );
        const done = reply;
        setSession((s) => ({
          id: done.conversationId,
          hydrated: true,
          entries: s.entries.map((e) => (e.key === draft.key ? finishedEntry(draft, done) : e)),
        }));
      } catch (err) {
        if (isAbort(err)) {
          // Stopped: keep what arrived, marked; a conversation switch has already cleared the screen.
          patchDraft(draft.key, (e) => ({ ...e, streaming: false, retryAttempt: undefined, stopped: true }));
        } else {
          setSession((s) => ({
            ...s,
            entries: s.entries.filter((e) => e.key !== draft.key && e.key !== question.key),
          }));
          setFailure({ message: errorMessage(err, 'The assistant could not answer.'), question: message });
        }
      } finally {
        if (abort.current === controller) abort.current = null;
        setBusy(false);
        setSentAt(null);
      }
      if (reply) {
        void client.invalidateQueries({ queryKey: conversationsKey });
        if (!startedIn) onStored(reply.conversationId);
      }
    },
    [client, onStored, patchDraft],
  );

  const stop = useCallback(() => abort.current?.abort(), []);

  const retry = useCallback(
    (options: SendOptions) => {
      const q = failure?.question ?? lastQuestion(session.entries);
      if (q) void send(q, options);
    },
    [failure, session.entries, send],
  );

  /** PATCH clear: true, then an empty screen. */
  const clear = useCallback(async () => {
    const id = idRef.current;
    setFailure(null);
    if (id) {
      const reply = await updateConversation(id, { clear: true });
      client.setQueryData(conversationKey(id), reply);
      void client.invalidateQueries({ queryKey: conversationsKey });
    }
    setSession((s) => ({ ...s, entries: [] }));
  }, [client]);

  return {
    entries: session.entries,
    /** The stored conversation is still loading (skeletons). */
    loading: !session.hydrated && !stored.isError,
    loadError:
      stored.isError && !session.hydrated && !isUnusedKey(session.id, stored.error)
        ? errorMessage(stored.error)
        : null,
    reload: () => void stored.refetch(),
    conversationId: session.id,
    title: session.id && stored.data?.conversation.id === session.id ? stored.data.conversation.title : null,
    busy,
    /** Waiting for the first token since this moment (the thinking indicator). */
    thinkingSince: sentAt,
    failure,
    dismissFailure: () => setFailure(null),
    send,
    stop,
    retry,
    clear,
  };
}

export type ChatSession = ReturnType<typeof useChatSession>;
