import { type AccessRule, decideAccess } from '@stratos/contracts/access/access-rule';
import type { Permission, Role } from '@stratos/contracts/access/roles';
import { GUARD_ERRORS } from '@stratos/contracts/common/error-codes';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../lib/app-error';
import type { TokenService } from '../modules/auth/token.service';

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  permissions: Permission[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the guard when the bearer token verifies; null when absent. */
    authUser: AuthUser | null;
  }
  interface FastifyInstance {
    /** preHandler that lets a request through only when `decideAccess` allows it. */
    requireAccess(rule: AccessRule): preHandlerAsyncHookHandler;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : null;
}

/**
 * Reads the access token on guarded routes only. The token alone is trusted for its 15 minutes;
 * disabling a user revokes their refresh tokens, so access ends when the token expires.
 */
export function registerAuthGuard(app: FastifyInstance, tokens: TokenService) {
  app.decorateRequest('authUser', null);

  async function authenticate(request: FastifyRequest): Promise<AuthUser | null> {
    const token = bearer(request);
    if (!token) return null;
    const result = await tokens.verifyAccess(token);
    if (!result.ok) throw new AppError(401, 'INVALID_SESSION', GUARD_ERRORS.INVALID_SESSION);
    const c = result.claims;
    return {
      id: c.id,
      email: c.email,
      name: c.name,
      role: c.role,
      permissions: c.permissions as Permission[],
    };
  }

  app.decorate('requireAccess', (rule: AccessRule): preHandlerAsyncHookHandler => {
    return async (request) => {
      const user = await authenticate(request);
      request.authUser = user;
      const decision = decideAccess(user, rule);
      if (!decision.allowed) {
        throw new AppError(decision.status, decision.code, GUARD_ERRORS[decision.code]);
      }
    };
  });
}

/** The signed-in user of a guarded route (the guard has already refused anonymous requests). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw new AppError(401, 'UNAUTHENTICATED', GUARD_ERRORS.UNAUTHENTICATED);
  return request.authUser;
}
