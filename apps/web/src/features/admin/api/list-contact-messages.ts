import {
  type contactListQuerySchema,
  contactListReplySchema,
} from '@stratos/contracts/contact/contact.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

type Query = z.output<typeof contactListQuerySchema>;

/** GET /api/admin/contact-messages: what people sent through the contact form. */
export async function fetchContactMessages(query: Query, signal?: AbortSignal) {
  const reply = await apiRequest('/admin/contact-messages', {
    query: { ...query },
    schema: contactListReplySchema,
    signal,
  });
  return reply.data;
}

export function useContactMessages(query: Query) {
  return useQuery({
    queryKey: ['admin', 'contact-messages', query],
    queryFn: ({ signal }) => fetchContactMessages(query, signal),
    placeholderData: keepPreviousData,
  });
}
