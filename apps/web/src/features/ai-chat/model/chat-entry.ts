import type { ChatMessage, ChatQuality, ChatReply, ChatSource } from '@stratos/contracts/ai/chat.schema';

/** One bubble of the conversation on screen: a stored message, or the reply still streaming. */
export interface ChatEntry {
  /** Stable React key: the stored id, or a local one until the server names the message. */
  key: string;
  role: 'user' | 'assistant';
  content: string;
  /** The stored message id (feedback needs it); null while streaming or when stopped. */
  messageId: string | null;
  model: string | null;
  provider: string | null;
  quality: ChatQuality | null;
  forced: boolean;
  /** The user's files the reply was given (shown under it as links). */
  sources: ChatSource[];
  /** Text is still arriving. */
  streaming?: boolean;
  /** The last `retry` event's attempt number while a better reply is being written. */
  retryAttempt?: number;
  /** The Stop button ended this reply early; it was not stored. */
  stopped?: boolean;
}

let localSeq = 0;
export const localKey = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++localSeq}`;

/** Stored messages as bubbles (system messages are not shown). */
export function entriesFromMessages(messages: ChatMessage[]): ChatEntry[] {
  return messages.flatMap((m): ChatEntry[] =>
    m.role === 'system'
      ? []
      : [
          {
            key: m.id,
            role: m.role,
            content: m.content,
            messageId: m.role === 'assistant' ? m.id : null,
            model: m.model,
            provider: m.provider,
            quality: m.quality,
            forced: m.forced,
            sources: m.sources,
          },
        ],
  );
}

export function userEntry(text: string): ChatEntry {
  return {
    key: localKey('user'),
    role: 'user',
    content: text,
    messageId: null,
    model: null,
    provider: null,
    quality: null,
    forced: false,
    sources: [],
  };
}

export function draftEntry(): ChatEntry {
  return { ...userEntry(''), key: localKey('reply'), role: 'assistant', streaming: true };
}

/** The finished reply in place of its draft. The server's text wins over what streamed in. */
export function finishedEntry(draft: ChatEntry, reply: ChatReply): ChatEntry {
  return {
    key: draft.key,
    role: 'assistant',
    content: reply.response,
    messageId: reply.messageId,
    model: reply.model,
    provider: reply.provider,
    quality: reply.quality,
    forced: reply.forced,
    sources: reply.sources,
  };
}

/** The question to send again for Retry: the last one the user asked. */
export function lastQuestion(entries: ChatEntry[]): string | null {
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i];
    if (e?.role === 'user') return e.content;
  }
  return null;
}
