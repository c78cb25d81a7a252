import { z } from 'zod';
import { emailSchema } from './email';
import { passwordSchema } from './password';

export const CODE_LENGTH = 6;
export const verificationCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Invalid verification code. Please try again.');

export const confirmBodySchema = z.strictObject({ email: emailSchema, code: verificationCodeSchema });
export type ConfirmBody = z.input<typeof confirmBodySchema>;

export const emailOnlyBodySchema = z.strictObject({ email: emailSchema });
export type EmailOnlyBody = z.input<typeof emailOnlyBodySchema>;

export const resetPasswordBodySchema = z.strictObject({
  email: emailSchema,
  code: verificationCodeSchema,
  newPassword: passwordSchema,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

export const messageReplySchema = z.object({ success: z.literal(true), message: z.string() });
export type MessageReply = z.infer<typeof messageReplySchema>;
