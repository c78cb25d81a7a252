import { z } from 'zod';
import { permissionSchema, roleSchema } from '../access/roles';

export const userStatusSchema = z.enum(['unconfirmed', 'active', 'disabled']);
export type UserStatus = z.infer<typeof userStatusSchema>;

/** The user as every reply shows it (part 1 section 3). */
export const publicUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  given_name: z.string(),
  family_name: z.string(),
  company: z.string().nullable(),
  role: roleSchema,
  permissions: z.array(permissionSchema),
  subscriptionPlan: z.string(),
  status: userStatusSchema,
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** Claims of the access token (part 1 section 3: exp, email, id, name, role, permissions). */
export const accessTokenClaimsSchema = z.object({
  sub: z.string(),
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  permissions: z.array(z.string()),
  exp: z.number(),
  iat: z.number().optional(),
  /** The refresh-token family (one sign-in) the token belongs to: lets logout and password change tell sessions apart. */
  sid: z.string().optional(),
  /** The account's token version when signed: a role, status or password change makes it stale. */
  tv: z.number().int().optional(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;
