import { z } from 'zod';
import { emailSchema } from '../auth/email';
import { paginationQuerySchema } from '../common/envelope.schema';
import { multiLineText, singleLineText } from '../common/text.schema';

export const contactBodySchema = z.strictObject({
  name: singleLineText({ trim: true }).min(1, 'Name is required').max(200),
  email: emailSchema,
  subject: singleLineText({ trim: true }).max(200).optional(),
  message: multiLineText({ trim: true }).min(1, 'Message is required').max(5000),
  plan: singleLineText({ trim: true }).max(40).optional(),
});
export type ContactBody = z.input<typeof contactBodySchema>;

export const contactCreateReplySchema = z.object({
  success: z.literal(true),
  data: z.object({ id: z.uuid() }),
});
export type ContactCreateReply = z.infer<typeof contactCreateReplySchema>;

export const contactListQuerySchema = paginationQuerySchema;
export type ContactListQuery = z.input<typeof contactListQuerySchema>;

export const contactMessageSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  subject: z.string().nullable(),
  message: z.string(),
  plan: z.string().nullable(),
  /** The signed-in sender, when the message came with a valid session. */
  userId: z.string().nullable(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactListReplySchema = z.object({
  success: z.literal(true),
  data: z.object({ messages: z.array(contactMessageSchema), total: z.number().int() }),
});
export type ContactListReply = z.infer<typeof contactListReplySchema>;
