import { type AccessRule, decideAccess } from '@stratos/contracts/access/access-rule';
import type { Permission, Role } from '@stratos/contracts/access/roles';
import type { AccessTokenClaims } from '@stratos/contracts/auth/user.schema';
import { GUARD_ERRORS } from '@stratos/contracts/common/error-codes';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { AppError } from '../lib/app-error';
import type { AccessState, AccessStateCache } from '../modules/auth/access-state-cache';
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

const staleSession = () => new AppError(401, 'INVALID_SESSION', GUARD_ERRORS.INVALID_SESSION);

/**
 * Reads the access token on guarded routes only, and checks it against the account as it is now:
 * a token whose version (claim `tv`) differs from the account's (a role, permission, status or
 * password change bumps it), or whose account is disabled or gone, is refused on its next request,
 * not when it expires. The client then refreshes, which signs the current role in, or fails for
 * a disabled account. The account's state comes from AccessStateCache: a hit costs a map lookup,
 * only a miss waits for one primary-key read.
 */
export function registerAuthGuard(app: FastifyInstance, tokens: TokenService, access: AccessStateCache) {
  app.decorateRequest('authUser', null);

  function verify(request: FastifyRequest): AccessTokenClaims | null {
    const token = bearer(request);
    if (!token) return null;
    const result = tokens.verifyAccess(token);
    if (!result.ok) throw staleSession();
    return result.claims;
  }

  // A synchronous callback hook: every guarded request runs it, and an async one costs a promise
  // and a microtask turn on the main thread for work that, on a cache hit, never waits.
  app.decorate('requireAccess', (rule: AccessRule): preHandlerHookHandler => {
    function decide(request: FastifyRequest, user: AuthUser | null, done: (err?: Error) => void) {
      request.authUser = user;
      const decision = decideAccess(user, rule);
      if (!decision.allowed) done(new AppError(decision.status, decision.code, GUARD_ERRORS[decision.code]));
      else done();
    }
    function admit(
      request: FastifyRequest,
      c: AccessTokenClaims,
      state: AccessState | null,
      done: (err?: Error) => void,
    ) {
      if (!state?.active || state.tokenVersion !== (c.tv ?? 0)) {
        done(staleSession());
        return;
      }
      const user = { id: c.id, email: c.email, name: c.name, role: c.role, permissions: c.permissions };
      decide(request, user as AuthUser, done);
    }
    return (request, _reply, done) => {
      let claims: AccessTokenClaims | null;
      try {
        claims = verify(request);
      } catch (err) {
        done(err as Error);
        return;
      }
      if (!claims) {
        decide(request, null, done);
        return;
      }
      const c = claims;
      const held = access.peek(c.id);
      if (held !== undefined) admit(request, c, held, done);
      else access.load(c.id).then((state) => admit(request, c, state, done), done);
    };
  });
}

/** The signed-in user of a guarded route (the guard has already refused anonymous requests). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw new AppError(401, 'UNAUTHENTICATED', GUARD_ERRORS.UNAUTHENTICATED);
  return request.authUser;
}
