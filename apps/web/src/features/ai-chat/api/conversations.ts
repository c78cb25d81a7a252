import { conversationReplySchema, conversationsReplySchema } from '@stratos/contracts/ai/chat.schema';
import { successOnlySchema } from '@stratos/contracts/common/envelope.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const conversationsKey = ['ai', 'conversations'] as const;
export const conversationKey = (id: string) => [...conversationsKey, id] as const;

/** GET /api/ai/conversations: the user's conversations, newest first. */
export const conversationsQueryOptions = () =>
  queryOptions({
    queryKey: conversationsKey,
    queryFn: ({ signal }) => apiRequest('/ai/conversations', { schema: conversationsReplySchema, signal }),
    select: (reply) => reply.data.conversations,
  });

export const useConversations = () => useQuery(conversationsQueryOptions());

/** GET /api/ai/conversations/:id: one conversation and its messages. */
export const conversationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: conversationKey(id),
    queryFn: ({ signal }) =>
      apiRequest(`/ai/conversations/${encodeURIComponent(id)}`, { schema: conversationReplySchema, signal }),
    select: (reply) => reply.data,
  });

export function useConversation(id: string | undefined) {
  return useQuery({ ...conversationQueryOptions(id ?? ''), enabled: Boolean(id), staleTime: 30_000 });
}

/** PATCH /api/ai/conversations/:id: rename and/or clear the messages. */
export function updateConversation(id: string, body: { title?: string; clear?: boolean }) {
  return apiRequest(`/ai/conversations/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
    schema: conversationReplySchema,
  });
}

/** DELETE /api/ai/conversations/:id. */
export function deleteConversation(id: string) {
  return apiRequest(`/ai/conversations/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: successOnlySchema,
  });
}
