import { singleLineText } from '../common/text.schema';

export const EMAIL_MESSAGES = {
  required: 'Email is required',
  invalid: 'Please enter a valid email',
} as const;

/** {email}, no spaces: the registration form's rule, also applied by the server. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trimmed and lower-cased so one mailbox is one account. */
export const emailSchema = singleLineText({ trim: true })
  .min(1, EMAIL_MESSAGES.required)
  .max(254)
  .regex(EMAIL_PATTERN, EMAIL_MESSAGES.invalid)
  .transform((v) => v.toLowerCase());
