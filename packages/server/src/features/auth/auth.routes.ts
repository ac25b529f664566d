import {
  AppVersionParam,
  AuthUser,
  LoginAuthCodeBody,
  LoginBody,
  LoginResponse,
  LogoutResponse,
  LoginData,
  SetMyLanguageBody,
  UnlockTwoFactorBody,
  twoFactorLock,
} from '@sandbar/contract/auth';
import { MessageResponse } from '@sandbar/contract/common';
import { forbidden, notFound } from '../../platform/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './auth.service';
import { errorsOf } from '../../plugins/openapi';

const CHALLENGE_COOKIE = 'sandbar_2fa';

/**
 * `; Secure` when the browser reached us over HTTPS: directly, or through a trusted proxy's
 * X-Forwarded-Proto (SANDBAR_TRUST_PROXY; a client's own header is ignored without it).
 */
const secure = (request: { protocol: string }) => (request.protocol === 'https' ? '; Secure' : '');

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/user',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['auth'], summary: 'Load the current user', response: { 200: AuthUser } },
    },
    async (request) => service.describeUser(app.deps, request.user),
  );

  app.get(
    '/auth/user/:appVersion',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['auth'],
        summary: 'Load the current user (app-version mode)',
        params: AppVersionParam,
        response: { 200: AuthUser },
      },
    },
    async (request) => service.describeUser(app.deps, request.user),
  );

  app.post(
    '/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in; answers AUTH2FA when a code is needed',
        body: LoginBody,
        response: { 200: LoginResponse, ...errorsOf(401, 423, 429) },
      },
    },
    async (request, reply) => {
      const result = await service.login(app.deps, request.body, request.ip);
      if ('AUTH2FA' in result) {
        const maxAge = 10 * 60;
        reply.header(
          'set-cookie',
          `${CHALLENGE_COOKIE}=${encodeURIComponent(result.challengeId)}; Path=/api/auth; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure(request)}`,
        );
      }
      return result;
    },
  );

  app.post(
    '/auth/loginAuthCode',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Finish a two-factor sign-in with the code',
        body: LoginAuthCodeBody,
        response: { 200: LoginData, ...errorsOf(401, 423, 429) },
      },
    },
    async (request, reply) => {
      const challengeId = request.body.challengeId ?? readCookie(request.headers.cookie, CHALLENGE_COOKIE);
      const data = await service.loginWithCode(app.deps, challengeId, request.body.loginAuthCode, {
        appVersion: null,
        ip: request.ip,
      });
      reply.header(
        'set-cookie',
        `${CHALLENGE_COOKIE}=; Path=/api/auth; HttpOnly; SameSite=Strict; Max-Age=0${secure(request)}`,
      );
      return data;
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revokes the token',
        response: { 200: LogoutResponse },
      },
    },
    async (request) => {
      await service.logout(app.deps, request.user);
      return { success: 1 as const };
    },
  );

  app.post(
    '/setMyLanguage',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['auth'],
        summary: "Set the signed-in user's own language (the top bar's switch); answers the user",
        body: SetMyLanguageBody,
        response: { 200: AuthUser },
      },
    },
    async (request) => service.setMyLanguage(app.deps, request.user, request.body.languageCode),
  );

  app.post(
    '/unlockTwoFactor',
    {
      config: { access: 'people' },
      schema: {
        tags: ['auth'],
        summary: 'Unlock a user whose two-factor step locked after too many wrong codes (admin)',
        body: UnlockTwoFactorBody,
        response: { 200: MessageResponse, ...errorsOf(403, 404) },
      },
    },
    async (request) => {
      if (request.user.userType !== 'A') throw forbidden('Your role does not allow this.');
      if (!(await service.unlockTwoFactor(app.deps, request.user, request.body.id))) throw notFound('No such user.');
      return { success: 1 as const, details: twoFactorLock.unlockedText };
    },
  );
};
