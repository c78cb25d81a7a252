import { type ContactBody, contactCreateReplySchema } from '@stratos/contracts/contact/contact.schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/contact: the public contact form (signed-in senders are linked to their account). */
export function sendContactMessage(body: ContactBody) {
  return apiRequest('/contact', { method: 'POST', body, schema: contactCreateReplySchema });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
