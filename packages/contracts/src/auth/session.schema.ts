import { z } from 'zod';
import { singleLineText } from '../common/text.schema';
import { emailSchema } from './email';
import { passwordSchema } from './password';
import { publicUserSchema } from './user.schema';

export const loginBodySchema = z.strictObject({
  email: emailSchema,
  // Login accepts any stored password; rules apply when one is set.
  password: singleLineText().min(1, 'Password is required').max(256),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const loginReplySchema = z.object({
  success: z.literal(true),
  token: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number(),
  user: publicUserSchema,
});
export type LoginReply = z.infer<typeof loginReplySchema>;

export const refreshBodySchema = z.strictObject({ refreshToken: singleLineText().min(10).max(200) });
export type RefreshBody = z.infer<typeof refreshBodySchema>;

export const refreshReplySchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number(),
});
export type RefreshReply = z.infer<typeof refreshReplySchema>;

/** Nullish: Fastify hands a request without a body to validation as null. */
export const logoutBodySchema = z
  .strictObject({ refreshToken: singleLineText().max(200).optional() })
  .nullish();

export const meReplySchema = z.object({ success: z.literal(true), user: publicUserSchema });
export type MeReply = z.infer<typeof meReplySchema>;

export const updateProfileBodySchema = z
  .strictObject({
    firstName: singleLineText({ trim: true }).min(1, 'First name is required').max(100),
    lastName: singleLineText({ trim: true }).min(1, 'Last name is required').max(100),
    company: singleLineText({ trim: true }).max(200).nullable(),
  })
  .partial();
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const changePasswordBodySchema = z.strictObject({
  currentPassword: singleLineText().min(1).max(256),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

export { emailSchema };
