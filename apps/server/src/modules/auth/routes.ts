import { isIP } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ChangePasswordBody,
  ConfirmPasswordBody,
  PASSWORD_CONFIRMATION_MINUTES,
  PasswordConfirmed,
  PasswordResetConfirmed,
  LoginBody,
  LoginResponse,
  OkResponse,
  PASSWORD_RESET_REQUESTED,
  PasswordResetConfirmBody,
  PasswordResetRequestBody,
  PasswordResetRequested,
  RegisterBody,
  FreshPasswordBody,
  REMEMBER_BROWSER_DAYS,
  SessionIdParams,
  SessionList,
  SessionsSignedOut,
  RecoveryCodes,
  SecondFactorBody,
  SecondFactorRequired,
  TotpConfirmBody,
  TotpSetup,
  TwoFactorStatus,
  Passkey,
  PasskeyAuthenticationBody,
  PasskeyAuthenticationOptionsBody,
  PasskeyList,
  PasskeyOptions,
  PasskeyRegistrationBody,
  PASSKEY_CHALLENGE_MINUTES,
  RenamePasskeyBody,
} from '@mailtokit/contracts/auth';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';
import { ErrorBody } from '@mailtokit/contracts/errors';
import { idParam } from '@mailtokit/contracts/fields';
import { parseId } from '@mailtokit/contracts/ids';
import { User } from '@mailtokit/contracts/user';
import { authOf, SESSION_COOKIE, sessionCookieOptions, sessionOf } from '../../lib/auth-hook';
import { clientKey } from '../../lib/client-key';
import type { App } from '../../lib/types';
import { toUser } from '../users/service';
import { DEVICE_COOKIE, DEVICE_COOKIE_PATH, DEVICE_COOKIE_TTL_MS } from './device';
import type { Ceremony, RelyingParty } from './passkeys';

/** The cookie that ties a passkey ceremony to the browser that began it. */
export const PASSKEY_COOKIE = 'mailtokit_passkey';
const PASSKEY_COOKIE_PATH = '/api/v1/auth/passkeys';
/** Where a ceremony's cookie lives: sign-in and registration, or a session's confirmation. */
interface CeremonyCookie {
  name: string;
  path: string;
}
const SIGN_IN_CEREMONY: CeremonyCookie = { name: PASSKEY_COOKIE, path: PASSKEY_COOKIE_PATH };
/** The cookie of a confirmation ceremony, sent to `confirm-password` and its options only. */
export const CONFIRM_PASSKEY_COOKIE = 'mailtokit_passkey_confirm';
const CONFIRM_CEREMONY: CeremonyCookie = {
  name: CONFIRM_PASSKEY_COOKIE,
  path: '/api/v1/auth/confirm-password',
};

/**
 * Whose passkeys these are: PUBLIC_URL's origin and host, or the origin the request was served
 * from when PUBLIC_URL is unset (development, tests) or names an IP address, which cannot hold
 * passkeys (e.g. `http://127.0.0.1:3000` while the page is opened as `localhost`).
 */
function relyingParty(app: App, request: FastifyRequest): RelyingParty {
  const configured = app.config.publicUrl ? new URL(app.config.publicUrl) : null;
  const url =
    configured && !isIP(configured.hostname.replace(/^\[|\]$/g, ''))
      ? configured
      : new URL(`${request.protocol}://${request.host}`);
  return { origin: url.origin, rpId: url.hostname };
}

/** Answers a ceremony's options and keeps its token in this browser's cookie. */
function beginCeremony(
  app: App,
  request: FastifyRequest,
  reply: FastifyReply,
  c: Ceremony,
  cookie: CeremonyCookie = SIGN_IN_CEREMONY,
) {
  reply.setCookie(cookie.name, c.cookieToken, {
    ...sessionCookieOptions(app, request),
    path: cookie.path,
    maxAge: PASSKEY_CHALLENGE_MINUTES * 60,
  });
  return reply.header('Cache-Control', 'no-store').send(c.options);
}

/** The ceremony's cookie, read and cleared: each ceremony is answered once. */
function endCeremony(
  app: App,
  request: FastifyRequest,
  reply: FastifyReply,
  cookie: CeremonyCookie = SIGN_IN_CEREMONY,
): string | undefined {
  const token = request.cookies[cookie.name];
  reply.clearCookie(cookie.name, { ...sessionCookieOptions(app, request), path: cookie.path });
  return token;
}

const PasskeyIdParams = z.object({ id: idParam('Passkey id (a positive integer)') });

/**
 * 429 also when the client already has 2 password hashes in flight; 503 (`Retry-After: 1`)
 * when every hashing slot of the instance is taken and its queue is full.
 */
const errors = { 400: ErrorBody, 401: ErrorBody, 409: ErrorBody, 429: ErrorBody, 503: ErrorBody };

/**
 * The cookie of a browser remembered at the second step of a sign-in: a random token whose
 * sha256 the server keeps, sent to the sign-in endpoints only.
 */
export const REMEMBER_COOKIE = 'mailtokit_remember';

function setSessionCookie(
  app: App,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expires: Date,
) {
  reply.setCookie(SESSION_COOKIE, token, { ...sessionCookieOptions(app, request), expires });
}

/**
 * A completed sign-in: ends this browser's previous session (the session is rotated), sets
 * the session cookie and the device cookie (this browser is now known to the account).
 */
async function finishSignIn(
  app: App,
  request: FastifyRequest,
  reply: FastifyReply,
  result: { access_token: string; expiresAt: Date; deviceCookie: string; rememberCookie?: string },
) {
  if (request.auth) await app.services.auth.logout(request.auth.sessionId);
  setSessionCookie(app, request, reply, result.access_token, result.expiresAt);
  reply.setCookie(DEVICE_COOKIE, result.deviceCookie, {
    ...sessionCookieOptions(app, request),
    path: DEVICE_COOKIE_PATH,
    maxAge: DEVICE_COOKIE_TTL_MS / 1000,
  });
  if (result.rememberCookie)
    reply.setCookie(REMEMBER_COOKIE, result.rememberCookie, {
      ...sessionCookieOptions(app, request),
      path: DEVICE_COOKIE_PATH,
      maxAge: REMEMBER_BROWSER_DAYS * 24 * 60 * 60,
    });
}

export async function authRoutes(app: App) {
  app.route({
    method: 'POST',
    url: '/api/v1/auth/register',
    schema: {
      tags: ['auth'],
      operationId: 'register',
      summary: 'Create an account (does not sign in)',
      body: RegisterBody,
      response: { 201: User, ...errors },
    },
    // Every attempt counts, valid or not: sign-ups per client address (IPv6: per /64), shared by all instances.
    onRequest: async (request) => {
      await app.limiter.consume('register', clientKey(request.ip));
    },
    handler: async (request, reply) => {
      const user = await app.services.auth.register(request.body, clientKey(request.ip));
      return reply.code(201).send(user);
    },
  });

  app.route({
    method: 'POST',
    url: '/api/v1/auth/login',
    schema: {
      tags: ['auth'],
      operationId: 'login',
      summary:
        'Sign in: sets the session cookie (and the device cookie of a browser known to the account) and returns a bearer token. 429 past a sign-in budget or with 2 sign-ins of the client under way; 503 while the instance is busy hashing passwords',
      description:
        'With two-step sign-in on, the right password answers 202 with a challenge (no session yet): send it with a code to `POST /api/v1/auth/login/second-factor`. A browser remembered at that step (its `mailtokit_remember` cookie) skips it for 30 days, until the password changes or two-step sign-in is turned off.',
      body: LoginBody,
      response: { 200: LoginResponse, 202: SecondFactorRequired, ...errors },
    },
    handler: async (request, reply) => {
      const { username, password } = request.body;
      const result = await app.services.auth.login(
        username,
        password,
        clientKey(request.ip),
        { userAgent: request.headers['user-agent'], ip: request.ip },
        request.cookies[DEVICE_COOKIE],
        request.cookies[REMEMBER_COOKIE],
      );
      // With two-step sign-in on, nothing changes yet: the session comes with the code.
      if (result.secondFactor) return reply.code(202).send(result);
      // Only a successful sign-in ends this browser's previous session; a failed one changes nothing.
      await finishSignIn(app, request, reply, result);
      return { access_token: result.access_token, user: result.user };
    },
  });

  app.route({
    method: 'POST',
    url: '/api/v1/auth/login/second-factor',
    schema: {
      tags: ['auth'],
      operationId: 'completeSignIn',
      summary:
        'The second step of a sign-in: the challenge of the password step with a code of the authenticator app or a recovery code (each works once). Sets the session cookie like a sign-in',
      description:
        '`rememberBrowser: true` sets a cookie with which, for 30 days, the password alone signs in from this browser. 400 on `code` or `recoveryCode` when it is wrong or used; 401 INVALID_CHALLENGE when the challenge is unknown, used or expired; wrong codes spend from budgets per account and address (5 per 15 minutes) and per account, then 429.',
      body: SecondFactorBody,
      response: { 200: LoginResponse, ...errors },
    },
    handler: async (request, reply) => {
      const { challengeToken, code, recoveryCode, rememberBrowser } = request.body;
      const result = await app.services.auth.completeSignIn(
        challengeToken,
        { code, recoveryCode },
        clientKey(request.ip),
        { userAgent: request.headers['user-agent'], ip: request.ip },
        rememberBrowser,
      );
      await finishSignIn(app, request, reply, result);
      return { access_token: result.access_token, user: result.user };
    },
  });

  app.route({
    method: 'GET',
    url: '/api/v1/auth/two-factor',
    schema: {
      tags: ['auth'],
      operationId: 'getTwoFactor',
      summary: 'Whether two-step sign-in is on, and how many recovery codes are left',
      response: { 200: TwoFactorStatus, 401: ErrorBody },
    },
    config: { auth: true },
    handler: async (request) => app.services.auth.twoFactorStatus(sessionOf(request)),
  });

  app.route({
    method: 'POST',
    url: '/api/v1/auth/two-factor/totp',
    schema: {
      tags: ['auth'],
      operationId: 'setUpTotp',
      summary:
        'Start the set-up of an authenticator app: a new secret and its otpauth:// URI (for a QR code). Two-step sign-in is on once a code of it is confirmed',
      description: `Needs the current password (\`currentPassword\`) or one confirmed in this session within the last ${PASSWORD_CONFIRMATION_MINUTES} minutes; 409 when two-step sign-in is already on.`,
      body: FreshPasswordBody,
      response: { 200: TotpSetup, ...errors },
    },
    config: { auth: true },
    handler: async (request) =>
      app.services.auth.setUpTotp(
        sessionOf(request),
        request.body.currentPassword,
        clientKey(request.ip),
      ),
  });

  app.route({
    method: 'POST',
    url: '/api/v1/auth/two-factor/totp/confirm',
    schema: {
      tags: ['auth'],
      operationId: 'confirmTotp',
      summary:
        'Turn two-step sign-in on with a code of the new secret; answers the 10 recovery codes, shown this once',
      description: '400 on `code` when it is wrong; wrong codes are budgeted like at sign-in.',
      body: TotpConfirmBody,
      response: { 200: RecoveryCodes, ...errors },
    },
    config: { auth: true },
    handler: async (request) => ({
      recoveryCodes: await app.services.auth.confirmTotp(
        sessionOf(request),
        request.body.code,
        clientKey(request.ip),
      ),
    }),
  });

  app.route({
    method: 'POST',
    url: '/api/v1/auth/two-factor/totp/disable',
    schema: {
      tags: ['auth'],
      operationId: 'disableTotp',
      summary: 'Turn two-step sign-in off: the secret and the recovery codes are deleted',
      description: `Needs the current password (\`currentPassword\`) or one confirmed in this session within the last ${PASSWORD_CONFIRMATION_MINUTES} minutes.`,
      body: FreshPasswordBody,
      response: { 200: OkResponse, ...errors },
    },
    config: { auth: true },
    handler: async (request) => {
      await app.services.auth.disableTotp(
        sessionOf(request),
        request.body.currentPassword,
        clientKey(request.ip),
      );
      return { ok: true as const };
    },
  });

  app.route({
    method: 'POST',
    url: '/api/v1/auth/two-factor/recovery-codes',
    schema: {
      tags: ['auth'],
      operationId: 'regenerateRecoveryCodes',
      summary: 'New recovery codes, shown this once; the old ones stop working',
      description: `Needs the current password (\`currentPassword\`) or one confirmed in this session within the last ${PASSWORD_CONFIRMATION_MINUTES} minutes; 409 while two-step sign-in is off.`,
      body: FreshPasswordBody,
      response: { 200: RecoveryCodes, ...errors },
    },
    config: { auth: true },
    handler: async (request) => ({
      recoveryCodes: await app.services.auth.regenerateRecoveryCodes(
        sessionOf(request),
        request.body.currentPassword,
        clientKey(request.ip),
      ),
    }),
  });

  app.route({
    method: 'GET',
    url: '/api/v1/auth/sessions',
    schema: {
      tags: ['auth'],
      operationId: 'listSessions',
      summary:
        'The signed-in sessions of the account: browser, OS, country (when known), signed in, last active (updated about once a minute), and which is this one',
      response: { 200: SessionList, 401: ErrorBody },
    },
    config: { auth: true },
    handler: async (request) => ({
      sessions: await app.services.auth.listSessions(sessionOf(request)),
    }),
  });

  app.route({
    method: 'DELETE',
    url: '/api/v1/auth/sessions/:id',
    schema: {
      tags: ['auth'],
      operationId: 'revokeSession',
      summary:
        'Sign out one session of the account (its token stops working at once); 404 for an unknown session',
      params: SessionIdParams,
      response: { 200: OkResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
    },
    config: { auth: true },
    handler: async (request, reply) => {
      const auth = sessionOf(request);
      await app.services.auth.revokeSession(auth, request.params.id);
      if (request.params.id === auth.sessionId)
        reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(app, request));
      return { ok: true as const };
    },
  });

  app.route({
    method: 'POST',
    url: '/api/v1/auth/sessions/revoke-others',
    schema: {
      tags: ['auth'],
      operationId: 'revokeOtherSessions',
      summary: 'Sign out every other session of the account; answers how many ended',
      response: { 200: SessionsSignedOut, 401: ErrorBody },
    },
    config: { auth: true },
    handler: async (request) => ({
      signedOut: await app.services.auth.revokeOtherSessions(sessionOf(request)),
    }),
  });

  app.route({
    method: 'POST',
    url: '/api/v1/auth/passkeys/authentication/options',
    schema: {
      tags: ['auth'],
      operationId: 'passkeySignInOptions',
      summary:
        'Begin a sign-in with a passkey: the options for `navigator.credentials.get()`. Without `challengeToken`, any passkey of this site may answer (no username); with the challenge of a password step (202 of `POST /api/v1/auth/login`), one of that account',
      description: `Sets a cookie that ties the ceremony to this browser for ${PASSKEY_CHALLENGE_MINUTES} minutes; 401 INVALID_CHALLENGE for an unknown or expired \`challengeToken\`; 409 when that account has no passkey.`,
      body: PasskeyAuthenticationOptionsBody,
      response: { 200: PasskeyOptions, ...errors },
    },
    handler: async (request, reply) => {
      await app.services.auth.abandonPasskeyCeremony(request.cookies[PASSKEY_COOKIE]);
      const ceremony = await app.services.auth.passkeySignInOptions(
        relyingParty(app, request),
        request.body.challengeToken,
      );
      return beginCeremony(app, request, reply, ceremony);
    },
  });

  app.route({
    method: 'POST',
    url: '/api/v1/auth/passkeys/authentication/verify',
    schema: {
      tags: ['auth'],
      operationId: 'passkeySignIn',
      summary:
        'Finish a sign-in with a passkey: the browser’s answer to the options of this browser’s ceremony (and the `challengeToken` of the password step, when it is the second step). Sets the session cookie like a sign-in',
      description:
        '401 PASSKEY_REJECTED when the passkey is unknown, its signature or counter is wrong, or (alone) it did not verify its user; 401 INVALID_CHALLENGE when the ceremony is missing, used or expired. With `challengeToken`, `rememberBrowser: true` sets a cookie with which, for 30 days, the password alone signs in from this browser (as at `POST /api/v1/auth/login/second-factor`).',
      body: PasskeyAuthenticationBody,
      response: { 200: LoginResponse, ...errors },
    },
    handler: async (request, reply) => {
      const result = await app.services.auth.passkeySignIn(
        endCeremony(app, request, reply),
        // The body's schema checked the outer shape; the library checks the rest.
        request.body.response as unknown as AuthenticationResponseJSON,
        request.body.challengeToken,
        relyingParty(app, request),
        { userAgent: request.headers['user-agent'], ip: request.ip },
        request.body.rememberBrowser,
      );
      await finishSignIn(app, request, reply, result);
      return { access_token: result.access_token, user: result.user };
    },
  });

  app.route({
    method: 'GET',
    url: '/api/v1/auth/passkeys',
    schema: {
      tags: ['auth'],
      operationId: 'listPasskeys',
      summary: 'The account’s passkeys: name, added, last used',
      response: { 200: PasskeyList, 401: ErrorBody },
    },
    config: { auth: true },
    handler: async (request) => ({
      passkeys: await app.services.auth.listPasskeys(sessionOf(request)),
    }),
  });

  app.route({
    method: 'POST',
    url: '/api/v1/auth/passkeys/registration/options',
    schema: {
      tags: ['auth'],
      operationId: 'passkeyRegistrationOptions',
      summary:
        'Begin adding a passkey: the options for `navigator.credentials.create()` (a discoverable credential)',
      description: `Needs the current password (\`currentPassword\`) or one confirmed in this session within the last ${PASSWORD_CONFIRMATION_MINUTES} minutes. Sets a cookie that ties the ceremony to this browser for ${PASSKEY_CHALLENGE_MINUTES} minutes.`,
      body: FreshPasswordBody,
      response: { 200: PasskeyOptions, ...errors },
    },
    config: { auth: true },
    handler: async (request, reply) => {
      await app.services.auth.abandonPasskeyCeremony(request.cookies[PASSKEY_COOKIE]);
      const ceremony = await app.services.auth.passkeyRegistrationOptions(
        sessionOf(request),
        request.body.currentPassword,
        clientKey(request.ip),
        relyingParty(app, request),
      );
      return beginCeremony(app, request, reply, ceremony);
    },
  });

  app.route({
    method: 'POST',
    url: '/api/v1/auth/passkeys/registration/verify',
    schema: {
      tags: ['auth'],
      operationId: 'registerPasskey',
      summary: 'Finish adding a passkey: the browser’s new credential, and its name',
      description:
        '400 PASSKEY_REJECTED when the credential does not answer this browser’s ceremony; 401 INVALID_CHALLENGE when the ceremony is missing, used or expired; 409 when the passkey is registered already.',
      body: PasskeyRegistrationBody,
      response: { 201: Passkey, ...errors },
    },
    config: { auth: true },
    handler: async (request, reply) => {
      const passkey = await app.services.auth.registerPasskey(
        sessionOf(request),
        endCeremony(app, request, reply),
        request.body.name,
        // The body's schema checked the outer shape; the library checks the rest.
        request.body.response as unknown as RegistrationResponseJSON,
        relyingParty(app, request),
      );
      return reply.code(201).send(passkey);
    },
  });

  app.route({
    method: 'PATCH',
    url: '/api/v1/auth/passkeys/:id',
    schema: {
      tags: ['auth'],
      operationId: 'renamePasskey',
      summary: 'Rename a passkey',
      params: PasskeyIdParams,
      body: RenamePasskeyBody,
      response: { 200: Passkey, 404: ErrorBody, ...errors },
    },
    config: { auth: true },
    handler: async (request) =>
      app.services.auth.renamePasskey(
        sessionOf(request),
        parseId(request.params.id) ?? 0,
        request.body.name,
      ),
  });

  app.route({
    method: 'DELETE',
    url: '/api/v1/auth/passkeys/:id',
    schema: {
      tags: ['auth'],
      operationId: 'removePasskey',
      summary: 'Remove a passkey: it no longer signs in',
      description: `Needs the password confirmed in this session within the last ${PASSWORD_CONFIRMATION_MINUTES} minutes (\`POST /api/v1/auth/confirm-password\`), else 400 on \`currentPassword\`; another account’s passkey answers 404.`,
      params: PasskeyIdParams,
      response: {
        204: z.void().meta({ description: 'Removed' }),
        404: ErrorBody,
        ...errors,
      },
    },
    config: { auth: true },
    handler: async (request, reply) => {
      await app.services.auth.removePasskey(
        sessionOf(request),
        // An id past the column's range names no passkey: 404 like any other.
        parseId(request.params.id) ?? 0,
        clientKey(request.ip),
      );
      return reply.code(204).send();
    },
  });

  app.route({
    method: 'POST',
    url: '/api/v1/auth/logout',
    schema: {
      tags: ['auth'],
      operationId: 'logout',
      summary: 'Sign out this session',
      response: { 200: OkResponse, 403: ErrorBody },
    },
    config: { auth: { optional: true } },
    handler: async (request, reply) => {
      if (request.auth) await app.services.auth.logout(request.auth.sessionId);
      reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(app, request));
      return { ok: true as const };
    },
  });

  app.route({
    method: 'GET',
    url: '/api/v1/auth/me',
    schema: {
      tags: ['auth'],
      operationId: 'getMe',
      summary: 'The signed-in user',
      response: { 200: User, 401: ErrorBody },
    },
    config: { auth: true },
    handler: async (request) => toUser(authOf(request).user, app.clock()),
  });

  app.route({
    method: 'PUT',
    url: '/api/v1/auth/password',
    schema: {
      tags: ['auth'],
      operationId: 'changePassword',
      summary: 'Change password; signs out every other session',
      body: ChangePasswordBody,
      response: { 200: OkResponse, ...errors },
    },
    config: { auth: true },
    handler: async (request) => {
      await app.services.auth.changePassword(
        sessionOf(request),
        request.body.currentPassword,
        request.body.newPassword,
        clientKey(request.ip),
      );
      return { ok: true as const };
    },
  });

  app.route({
    method: 'POST',
    url: '/api/v1/auth/confirm-password',
    schema: {
      tags: ['auth'],
      operationId: 'confirmPassword',
      summary: `Confirm the current password (or, with two-step sign-in on, a code of the authenticator app, or one of the account’s passkeys) in this session: for ${PASSWORD_CONFIRMATION_MINUTES} minutes it may create API tokens and webhooks and change two-step sign-in without sending it again`,
      description:
        '400 on `currentPassword` when it is wrong, on `code` when the code is wrong or used; wrong passwords share the budget of every password check under a session (5 per 15 minutes per account, then 429), wrong codes the budgets of codes at sign-in. `passkey` answers the ceremony of `POST /api/v1/auth/confirm-password/passkey/options` begun in this session and this browser: 401 INVALID_CHALLENGE when that ceremony is missing, used, expired or another session’s, 401 PASSKEY_REJECTED when the passkey is not the account’s, did not verify its user or its signature or counter is wrong (rejected passkeys spend from the budget of wrong passwords).',
      body: ConfirmPasswordBody,
      response: { 200: PasswordConfirmed, ...errors },
    },
    config: { auth: true },
    handler: async (request, reply) => {
      const { currentPassword, code, passkey } = request.body;
      const until = await app.services.auth.confirmPassword(
        sessionOf(request),
        currentPassword,
        clientKey(request.ip),
        code,
        passkey && {
          cookieToken: endCeremony(app, request, reply, CONFIRM_CEREMONY),
          // The body's schema checked the outer shape; the library checks the rest.
          response: passkey as unknown as AuthenticationResponseJSON,
          rp: relyingParty(app, request),
        },
      );
      return { confirmedUntil: until.toISOString() };
    },
  });

  app.route({
    method: 'POST',
    url: '/api/v1/auth/confirm-password/passkey/options',
    schema: {
      tags: ['auth'],
      operationId: 'passkeyConfirmationOptions',
      summary:
        'Begin confirming this session with a passkey instead of the password: the options for `navigator.credentials.get()`, limited to the account’s passkeys; send the answer as `passkey` to `POST /api/v1/auth/confirm-password`',
      description: `The passkey must verify its user (a PIN, a fingerprint). Sets a cookie that ties the ceremony to this browser and this session for ${PASSKEY_CHALLENGE_MINUTES} minutes; 409 when the account has no passkey.`,
      response: { 200: PasskeyOptions, ...errors },
    },
    config: { auth: true },
    handler: async (request, reply) => {
      await app.services.auth.abandonPasskeyCeremony(request.cookies[CONFIRM_PASSKEY_COOKIE]);
      const ceremony = await app.services.auth.passkeyConfirmationOptions(
        sessionOf(request),
        relyingParty(app, request),
      );
      return beginCeremony(app, request, reply, ceremony, CONFIRM_CEREMONY);
    },
  });

  app.route({
    method: 'POST',
    url: '/api/v1/auth/password-reset',
    schema: {
      tags: ['auth'],
      operationId: 'requestPasswordReset',
      summary:
        'Ask for a password-reset email. Always 202 with the same body, whether or not an account has the address; at most 5 emails per address per hour',
      body: PasswordResetRequestBody,
      response: { 202: PasswordResetRequested, 400: ErrorBody },
    },
    handler: async (request, reply) => {
      // The lookup, the token and the e-mail happen after the answer: it says nothing, and
      // takes no longer, for an address that has an account.
      app.services.passwordReset.requestLater(request.body.email);
      return reply.code(202).send({ detail: PASSWORD_RESET_REQUESTED });
    },
  });

  app.route({
    method: 'POST',
    url: '/api/v1/auth/password-reset/confirm',
    schema: {
      tags: ['auth'],
      operationId: 'confirmPasswordReset',
      summary:
        'Set a new password with the token of a reset email; ends every session and revokes every API token of the account (`revokedTokens` names them). 400 INVALID_TOKEN for a bad, used or expired token; 429 past 20 attempts per client address in 15 minutes',
      body: PasswordResetConfirmBody,
      response: { 200: PasswordResetConfirmed, 400: ErrorBody, 429: ErrorBody, 503: ErrorBody },
    },
    handler: async (request) => {
      const revoked = await app.services.passwordReset.confirm(
        request.body.token,
        request.body.password,
        clientKey(request.ip),
      );
      return { ok: true as const, revokedTokens: revoked.map((name) => ({ name })) };
    },
  });
}
