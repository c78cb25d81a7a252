import { type AccessRule, decideAccess } from '@stratos/contracts/access/access-rule';
import type { Permission, Role } from '@stratos/contracts/access/roles';
import { GUARD_ERRORS } from '@stratos/contracts/common/error-codes';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
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
    requireAccess(rule: AccessRule): preHandlerHookHandler;
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

  function authenticate(request: FastifyRequest): AuthUser | null {
    const token = bearer(request);
    if (!token) return null;
    const result = tokens.verifyAccess(token);
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

  // A synchronous callback hook: every guarded request runs it, and an async one costs a promise
  // and a microtask turn on the main thread for work that never waits.
  app.decorate('requireAccess', (rule: AccessRule): preHandlerHookHandler => {
    return (request, _reply, done) => {
      let user: AuthUser | null;
      try {
        user = authenticate(request);
      } catch (err) {
        done(err as Error);
        return;
      }
      request.authUser = user;
      const decision = decideAccess(user, rule);
      if (!decision.allowed) {
        done(new AppError(decision.status, decision.code, GUARD_ERRORS[decision.code]));
        return;
      }
      done();
    };
  });
}

/** The signed-in user of a guarded route (the guard has already refused anonymous requests). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw new AppError(401, 'UNAUTHENTICATED', GUARD_ERRORS.UNAUTHENTICATED);
  return request.authUser;
}
