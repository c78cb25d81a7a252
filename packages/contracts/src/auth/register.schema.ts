import { z } from 'zod';
import { singleLineText } from '../common/text.schema';
import { emailSchema } from './email';
import { passwordSchema } from './password';

/** Registration payload of part 1 section 3. */
export const registerBodySchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  firstName: singleLineText({ trim: true }).min(1, 'First name is required').max(100),
  lastName: singleLineText({ trim: true }).min(1, 'Last name is required').max(100),
  company: singleLineText({ trim: true }).max(200).optional().nullable(),
  selectedPlan: singleLineText({ trim: true }).max(40).default('free'),
  source: singleLineText({ trim: true }).max(40).default('direct'),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const registerReplySchema = z.object({
  success: z.literal(true),
  existing: z.boolean(),
  userSub: z.uuid(),
  codeDeliveryDestination: z.string(),
  message: z.string(),
});
export type RegisterReply = z.infer<typeof registerReplySchema>;
