import type { ChatSource } from '@stratos/contracts/ai/chat.schema';

/** What chat needs of the file index: the best chunks of the user's own files for a question. */
export interface FileContextSource {
  forChat(
    userId: string,
    question: string,
    signal?: AbortSignal,
  ): Promise<{ chunks: { fileName: string; content: string }[]; sources: ChatSource[] }>;
}

export interface FileContext {
  /** Appended to the system prompt ('' when nothing was found). */
  prompt: string;
  /** The files whose excerpts are in `prompt`, in order. */
  sources: ChatSource[];
}

export const NO_FILE_CONTEXT: FileContext = { prompt: '', sources: [] };

/**
 * The excerpts of the user's files that answer a question, as a part of the system prompt. Each
 * excerpt names its file, so the model can say where an answer came from; the reply's sources
 * list exactly the files put here.
 */
export async function fileContextFor(
  files: FileContextSource,
  userId: string,
  question: string,
  signal?: AbortSignal,
): Promise<FileContext> {
  const { chunks, sources } = await files.forChat(userId, question, signal);
  if (chunks.length === 0) return NO_FILE_CONTEXT;
  const excerpts = chunks
    .map((c, i) => `[${i + 1}] From the file "${c.fileName}":\n${c.content}`)
    .join('\n\n');
  return {
    prompt:
      "\n\nExcerpts from the user's own files that may answer the question follow. Use them when they are relevant and name the file you used; if they do not hold the answer, say so and answer from general knowledge.\n\n" +
      excerpts,
    sources,
  };
}
