import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import {
  confirmBodySchema,
  emailOnlyBodySchema,
  messageReplySchema,
  resetPasswordBodySchema,
} from '@stratos/contracts/auth/codes.schema';
import { registerBodySchema, registerReplySchema } from '@stratos/contracts/auth/register.schema';
import {
  changePasswordBodySchema,
  loginBodySchema,
  loginReplySchema,
  logoutBodySchema,
  meReplySchema,
  refreshBodySchema,
  refreshReplySchema,
  updateProfileBodySchema,
} from '@stratos/contracts/auth/session.schema';
import { errorBodySchema, successOnlySchema } from '@stratos/contracts/common/envelope.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../plugins/auth-guard';
import { merchModuleFor } from '../merch/merch.factory';
import { AccountService } from './account.service';
import type { AuthDeps, RequestMeta } from './auth.deps';
import { AuthService } from './auth.service';
import { createAuthStore } from './auth.store';
import { AuthAttemptLimiter } from './auth-attempt-limiter';
import { Argon2PasswordHasher } from './password-hasher.service';
import { SessionService } from './session.service';
import { VerificationCodesService } from './verification-codes.service';

/** The error statuses a route can answer with, all in the one error envelope. */
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, errorBodySchema]));

const meta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const deps: AuthDeps = {
    store: createAuthStore(ctx.database.db),
    hasher: new Argon2PasswordHasher(),
    codes: new VerificationCodesService(ctx.secrets.jwtSecret, ctx.clock),
    tokens: ctx.tokens,
    mailer: ctx.mailer,
    audit: ctx.audit,
    clock: ctx.clock,
    log: ctx.log,
    accessStates: ctx.accessStates,
    onEmailVerified: (user) => merchModuleFor(ctx).store.attachGuestOrders(user.id, user.email),
    superadminEmail: ctx.config.superadminEmail,
    refreshTokenTtlDays: ctx.config.refreshTokenTtlDays,
  };
  const auth = new AuthService(deps);
  const sessions = new SessionService(deps);
  const account = new AccountService(deps);
  const attempts = new AuthAttemptLimiter(ctx.rateLimits, ctx.config.authRateLimit);
  /** Routes that mail a code count every attempt; the others only failed ones. */
  const limited = (route: string, failuresOnly = false) => attempts.hooks(route, { failuresOnly });

  /** The `sid` of a valid bearer token, if any: which session a logout or password change came from. */
  function bearerClaims(request: FastifyRequest) {
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) return null;
    const result = ctx.tokens.verifyAccess(token.trim());
    return result.ok ? result.claims : null;
  }

  return async (app) => {
    app.post(
      '/auth/register',
      {
        ...limited('register'),
        schema: {
          tags: ['auth'],
          summary: 'Sign up (SignUp): creates an unconfirmed account and mails a 6-digit code',
          security: [],
          body: registerBodySchema,
          response: { 200: registerReplySchema, ...errors(400, 409, 413, 429, 503) },
        },
      },
      (request) => auth.register(request.body, meta(request)),
    );

    app.post(
      '/auth/confirm',
      {
        ...limited('confirm', true),
        schema: {
          tags: ['auth'],
          summary: 'Confirm a sign-up with the mailed code (ConfirmSignUp)',
          security: [],
          body: confirmBodySchema,
          response: { 200: messageReplySchema, ...errors(400, 403, 429) },
        },
      },
      (request) => auth.confirm(request.body.email, request.body.code, meta(request)),
    );

    app.post(
      '/auth/resend-code',
      {
        ...limited('resend-code'),
        schema: {
          tags: ['auth'],
          summary: 'Mail a new sign-up code (ResendConfirmationCode)',
          security: [],
          body: emailOnlyBodySchema,
          response: { 200: messageReplySchema, ...errors(400, 403, 429, 503) },
        },
      },
      (request) => auth.resendCode(request.body.email),
    );

    app.post(
      '/auth/forgot-password',
      {
        ...limited('forgot-password'),
        schema: {
          tags: ['auth'],
          summary: 'Mail a password reset code if the account exists (ForgotPassword)',
          security: [],
          body: emailOnlyBodySchema,
          response: { 200: messageReplySchema, ...errors(400, 429) },
        },
      },
      (request) => auth.forgotPassword(request.body.email),
    );

    app.post(
      '/auth/reset-password',
      {
        ...limited('reset-password', true),
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with the mailed code (ConfirmForgotPassword)',
          security: [],
          body: resetPasswordBodySchema,
          response: { 200: messageReplySchema, ...errors(400, 429) },
        },
      },
      (request) =>
        auth.resetPassword(request.body.email, request.body.code, request.body.newPassword, meta(request)),
    );

    app.post(
      '/auth/login',
      {
        ...limited('login', true),
        schema: {
          tags: ['auth'],
          summary: 'Sign in: access token, refresh token and the user',
          security: [],
          body: loginBodySchema,
          response: { 200: loginReplySchema, ...errors(400, 401, 403, 429) },
        },
      },
      (request) => sessions.login(request.body.email, request.body.password, meta(request)),
    );

    app.post(
      '/auth/refresh',
      {
        schema: {
          tags: ['auth'],
          summary: 'Swap a refresh token for a new access token and refresh token',
          security: [],
          body: refreshBodySchema,
          response: { 200: refreshReplySchema, ...errors(400, 401) },
        },
      },
      (request) => sessions.refresh(request.body.refreshToken, meta(request)),
    );

    // Its own scope so an empty JSON body is accepted: sign-out must not fail on how it was asked.
    await app.register(async (scope) => {
      const json = scope.getDefaultJsonParser('error', 'error');
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
        if (body === '') return done(null, undefined);
        json(request, body as string, done);
      });
      scope.withTypeProvider<ZodTypeProvider>().post(
        '/auth/logout',
        {
          schema: {
            tags: ['auth'],
            summary: 'Sign out: ends the session of the refresh token given, else of the bearer token',
            body: logoutBodySchema,
            response: { 200: successOnlySchema, ...errors(400) },
          },
        },
        async (request) => {
          const claims = bearerClaims(request);
          await sessions.logout(
            {
              refreshToken: request.body?.refreshToken,
              sessionId: claims?.sid,
              userId: claims?.id,
              email: claims?.email,
            },
            meta(request),
          );
          return { success: true as const };
        },
      );
    });

    app.get(
      '/auth/me',
      {
        preHandler: app.requireAccess(ROUTE_GROUPS.account),
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user, read fresh from the database',
          response: { 200: meReplySchema, ...errors(401, 403, 404) },
        },
      },
      (request) => account.me(currentUser(request).id),
    );

    app.patch(
      '/auth/me',
      {
        preHandler: app.requireAccess(ROUTE_GROUPS.account),
        schema: {
          tags: ['auth'],
          summary: 'Update first name, last name or company',
          body: updateProfileBodySchema,
          response: { 200: meReplySchema, ...errors(400, 401, 403, 404) },
        },
      },
      (request) => account.updateProfile(currentUser(request).id, request.body),
    );

    app.post(
      '/auth/change-password',
      {
        preHandler: app.requireAccess(ROUTE_GROUPS.account),
        schema: {
          tags: ['auth'],
          summary: "Change the password; ends the user's other sessions",
          body: changePasswordBodySchema,
          response: { 200: messageReplySchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const claims = bearerClaims(request);
        return account.changePassword(
          currentUser(request).id,
          claims?.sid ?? null,
          request.body,
          meta(request),
        );
      },
    );
  };
}
