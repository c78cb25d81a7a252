import { z } from 'zod';
import { emailSchema } from './email';
import { passwordSchema } from './password';

/** Registration payload of part 1 section 3. */
export const registerBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().min(1, 'Last name is required').max(100),
  company: z.string().trim().max(200).optional().nullable(),
  selectedPlan: z.string().trim().max(40).default('free'),
  source: z.string().trim().max(40).default('direct'),
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
