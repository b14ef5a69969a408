import { z } from './zod';
import { dateTime, nameText, secretText, text } from './fields';
import { MESSAGES } from './messages';
import { User } from './user';

export const USERNAME_MAX = 32;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 64;
export const EMAIL_MAX = 254;

const email = text('Email is required')
  .trim()
  .max(EMAIL_MAX, MESSAGES.tooLong(EMAIL_MAX))
  .pipe(z.email({ message: MESSAGES.emailInvalid }))
  .meta({ format: 'email' });

/** Optional person name: blank becomes null. */
const optionalName = nameText()
  .max(NAME_MAX, MESSAGES.nameMax)
  .nullish()
  .transform((v) => (v ? v : null));

export const LoginBody = z
  .object({
    username: nameText(MESSAGES.loginRequired)
      .min(1, MESSAGES.loginRequired)
      .max(256)
      .meta({ description: 'The username or the email address of the account' }),
    password: secretText(MESSAGES.passwordRequired).min(1, MESSAGES.passwordRequired).max(1024),
  })
  .meta({ id: 'LoginBody' });
export type LoginBody = z.input<typeof LoginBody>;

export const newPassword = secretText(MESSAGES.passwordMin)
  .min(8, MESSAGES.passwordMin)
  .max(PASSWORD_MAX, MESSAGES.passwordMax);

export const RegisterBody = z
  .object({
    username: nameText(MESSAGES.usernameRequired)
      .min(3, MESSAGES.usernameMin)
      .max(USERNAME_MAX, MESSAGES.usernameMax)
      .regex(/^[A-Za-z0-9._-]+$/, MESSAGES.usernameChars),
    email,
    password: newPassword,
    firstName: optionalName,
    lastName: optionalName,
  })
  .meta({ id: 'RegisterBody' });
export type RegisterBody = z.input<typeof RegisterBody>;

export const LoginResponse = z
  .object({ access_token: z.string(), user: User })
  .meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';
/** How long a password confirmed in a session lets it create API tokens and webhooks. */
export const PASSWORD_CONFIRMATION_MINUTES = 10;
export const NEW_KEY_NEEDS_PASSWORD = 'Enter your current password to continue';

/**
 * The current password, where a session creates a new way in (an API token, a webhook): needed
 * unless the password was confirmed in this session within PASSWORD_CONFIRMATION_MINUTES
 * (`POST /api/v1/auth/confirm-password`). A request made with an API token needs none.
 */
export const currentPasswordField = () =>
  text(NEW_KEY_NEEDS_PASSWORD)
    .max(1024)
    .optional()
    .transform((v) => v || undefined)
    .meta({
      description: `The current password; needed under a session unless it was confirmed in the session within the last ${PASSWORD_CONFIRMATION_MINUTES} minutes (POST /api/v1/auth/confirm-password)`,
    });

const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');

/** What the browser answered (`RegistrationResponseJSON` or `AuthenticationResponseJSON`). */
const credentialResponse = z
  .looseObject({
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal('public-key'),
    response: z.looseObject({ clientDataJSON: z.string().max(16_384) }),
  })
  .meta({ description: 'The credential as WebAuthn JSON (base64url fields)' });

/**
 * `POST /api/v1/auth/confirm-password`: the current password, (two-step sign-in on) a code of
 * the authenticator app, or a passkey's answer to the session's confirmation ceremony.
 */
export const ConfirmPasswordBody = z
  .object({
    currentPassword: secretText(MESSAGES.currentPasswordRequired)
      .min(1, MESSAGES.currentPasswordRequired)
      .max(1024)
      .optional(),
    code: totpCode.optional(),
    passkey: credentialResponse.optional().meta({
      description:
        'The browser’s answer (AuthenticationResponseJSON) to the options of `POST /api/v1/auth/confirm-password/passkey/options`',
    }),
  })
  .refine(
    (b) => b.currentPassword !== undefined || b.code !== undefined || b.passkey !== undefined,
    { message: MESSAGES.currentPasswordRequired, path: ['currentPassword'] },
  )
  .refine(
    (b) =>
      [b.currentPassword, b.code, b.passkey].filter((answer) => answer !== undefined).length <= 1,
    { message: 'Send one of the password, a code or a passkey', path: ['code'] },
  )
  .meta({ id: 'ConfirmPasswordBody' });
export type ConfirmPasswordBody = z.input<typeof ConfirmPasswordBody>;

/** Until when this session may create API tokens and webhooks without the password. */
export const PasswordConfirmed = z
  .object({ confirmedUntil: dateTime() })
  .meta({ id: 'PasswordConfirmed' });
export type PasswordConfirmed = z.infer<typeof PasswordConfirmed>;

export const ProfileBody = z
  .object({
    firstName: optionalName,
    lastName: optionalName,
    email,
    /**
     * Needed only when `email` differs from the account's address and no password was confirmed
     * in the session within PASSWORD_CONFIRMATION_MINUTES; blank counts as absent.
     */
    currentPassword: text(NEW_KEY_NEEDS_PASSWORD)
      .max(1024)
      .optional()
      .transform((v) => v || undefined)
      .meta({ description: 'The current password; required when the email address changes' }),
  })
  .meta({ id: 'ProfileBody' });
export type ProfileBody = z.input<typeof ProfileBody>;

export const ChangePasswordBody = z
  .object({
    currentPassword: secretText(MESSAGES.currentPasswordRequired)
      .min(1, MESSAGES.currentPasswordRequired)
      .max(1024),
    newPassword,
  })
  .meta({ id: 'ChangePasswordBody' });
export type ChangePasswordBody = z.input<typeof ChangePasswordBody>;

/** The settings form adds a confirmation that must match (checked on the client only). */
export const ChangePasswordForm = z
  .object({
    currentPassword: z.string().min(1, MESSAGES.currentPasswordRequired),
    newPassword,
    confirmPassword: z.string().min(8, MESSAGES.passwordMin),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.input<typeof ChangePasswordForm>;

export const OkResponse = z.object({ ok: z.literal(true) }).meta({ id: 'Ok' });
export type OkResponse = z.infer<typeof OkResponse>;

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export const PasswordResetRequestBody = z
  .object({ email })
  .meta({ id: 'PasswordResetRequestBody' });
export type PasswordResetRequestBody = z.input<typeof PasswordResetRequestBody>;

export const PASSWORD_RESET_REQUESTED =
  'If an account uses this address, we have sent it a link to choose a new password. The link is valid for 60 minutes.';

export const PasswordResetRequested = z
  .object({ detail: z.string() })
  .meta({ id: 'PasswordResetRequested' });
export type PasswordResetRequested = z.infer<typeof PasswordResetRequested>;

export const PasswordResetConfirmBody = z
  .object({
    token: secretText('The reset link is invalid').max(512),
    password: newPassword,
  })
  .meta({ id: 'PasswordResetConfirmBody' });
export type PasswordResetConfirmBody = z.input<typeof PasswordResetConfirmBody>;

/**
 * A password set with a reset link: every session and every API token of the account ended;
 * `revokedTokens` names the tokens (the notice e-mail lists them too).
 */
export const PasswordResetConfirmed = z
  .object({
    ok: z.literal(true),
    revokedTokens: z.array(z.object({ name: z.string() })),
  })
  .meta({ id: 'PasswordResetConfirmed' });
export type PasswordResetConfirmed = z.infer<typeof PasswordResetConfirmed>;

/** The reset page adds a confirmation that must match (checked on the client only). */
export const PasswordResetForm = z
  .object({
    password: newPassword,
    confirmPassword: z.string().min(8, MESSAGES.passwordMin),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type PasswordResetForm = z.input<typeof PasswordResetForm>;

export const INVALID_RESET_TOKEN =
  'This reset link is invalid, has expired or was already used. Ask for a new one.';

/** How long a sign-in that passed the password waits for its second step. */
export const SIGN_IN_CHALLENGE_MINUTES = 5;
/** How many recovery codes an account gets at a time. */
export const RECOVERY_CODE_COUNT = 10;
export const TOTP_CODE_INCORRECT = 'That code is not right, or it was used already';
export const RECOVERY_CODE_INCORRECT = 'That recovery code is not right, or it was used already';
export const CODES_THROTTLED = 'Too many wrong codes. Please try again later.';

/** How long a browser remembered at the second step of a sign-in skips that step. */
export const REMEMBER_BROWSER_DAYS = 30;

/** `POST /api/v1/auth/login` when the account has two-step sign-in: 202 and the next step. */
export const SecondFactorRequired = z
  .object({
    secondFactor: z.literal('required'),
    /** Sent back with the code to `POST /api/v1/auth/login/second-factor`. */
    challengeToken: z.string(),
    expiresAt: dateTime(),
    methods: z.array(z.enum(['totp', 'recovery_code', 'passkey'])),
  })
  .meta({ id: 'SecondFactorRequired' });
export type SecondFactorRequired = z.infer<typeof SecondFactorRequired>;

const recoveryCode = z.string().trim().min(1).max(64, 'Enter one of your recovery codes');

/** `POST /api/v1/auth/login/second-factor`: a code or a recovery code, not both. */
export const SecondFactorBody = z
  .object({
    challengeToken: z.string().min(1).max(200),
    code: totpCode.optional(),
    recoveryCode: recoveryCode.optional(),
    rememberBrowser: z
      .boolean()
      .optional()
      .meta({
        description: `Remember this browser: for ${REMEMBER_BROWSER_DAYS} days, signing in with the password from it skips this step`,
      }),
  })
  .refine((b) => (b.code === undefined) !== (b.recoveryCode === undefined), {
    message: 'Send either a code or a recovery code',
    path: ['code'],
  })
  .meta({ id: 'SecondFactorBody' });
export type SecondFactorBody = z.input<typeof SecondFactorBody>;

/** Whether the account has two-step sign-in, and how many recovery codes are left. */
export const TwoFactorStatus = z
  .object({ totp: z.boolean(), recoveryCodesLeft: z.number().int() })
  .meta({ id: 'TwoFactorStatus' });
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

/** A request that needs a fresh password confirmation (or the password in the body). */
export const FreshPasswordBody = z
  .object({ currentPassword: currentPasswordField() })
  .meta({ id: 'FreshPasswordBody' });
export type FreshPasswordBody = z.input<typeof FreshPasswordBody>;

/** A new authenticator-app secret, waiting for its first code. */
export const TotpSetup = z
  .object({ secret: z.string(), otpauthUri: z.string() })
  .meta({ id: 'TotpSetup' });
export type TotpSetup = z.infer<typeof TotpSetup>;

export const TotpConfirmBody = z.object({ code: totpCode }).meta({ id: 'TotpConfirmBody' });
export type TotpConfirmBody = z.input<typeof TotpConfirmBody>;

/** Recovery codes, shown once. */
export const RecoveryCodes = z
  .object({ recoveryCodes: z.array(z.string()) })
  .meta({ id: 'RecoveryCodes' });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

/** How long a passkey ceremony (its options, then the browser's answer) may take. */
export const PASSKEY_CHALLENGE_MINUTES = 5;
export const PASSKEY_NAME_MAX = 64;
export const PASSKEY_REJECTED = 'This passkey could not be verified. Please try again.';
export const PASSKEY_EXPIRED = 'This passkey request has expired. Please try again.';

const passkeyName = nameText('Name the passkey')
  .min(1, 'Name the passkey')
  .max(PASSKEY_NAME_MAX, MESSAGES.tooLong(PASSKEY_NAME_MAX));

/** A passkey of the account, as lists and exports show it (never its key material). */
export const Passkey = z
  .object({
    id: z.number().int(),
    name: z.string(),
    createdAt: dateTime(),
    lastUsedAt: dateTime().nullable(),
  })
  .meta({ id: 'Passkey' });
export type Passkey = z.infer<typeof Passkey>;

export const PasskeyList = z.object({ passkeys: z.array(Passkey) }).meta({ id: 'PasskeyList' });
export type PasskeyList = z.infer<typeof PasskeyList>;

export const RenamePasskeyBody = z.object({ name: passkeyName }).meta({ id: 'RenamePasskeyBody' });
export type RenamePasskeyBody = z.input<typeof RenamePasskeyBody>;

/**
 * The options a browser passes to `navigator.credentials.create()` or `.get()` (WebAuthn's
 * JSON forms), as `@simplewebauthn/browser` takes them.
 */
export const PasskeyOptions = z.looseObject({ challenge: z.string() }).meta({
  id: 'PasskeyOptions',
  description:
    'PublicKeyCredentialCreationOptionsJSON (registration) or PublicKeyCredentialRequestOptionsJSON (authentication)',
});
export type PasskeyOptions = z.infer<typeof PasskeyOptions>;

export const PasskeyRegistrationBody = z
  .object({ name: passkeyName, response: credentialResponse })
  .meta({ id: 'PasskeyRegistrationBody' });
export type PasskeyRegistrationBody = z.input<typeof PasskeyRegistrationBody>;

/**
 * Options of a passkey sign-in: without `challengeToken` any passkey of this site may answer
 * (no username typed); with the challenge of a password step, a passkey of that account.
 */
export const PasskeyAuthenticationOptionsBody = z
  .object({ challengeToken: z.string().min(1).max(200).optional() })
  .meta({ id: 'PasskeyAuthenticationOptionsBody' });
export type PasskeyAuthenticationOptionsBody = z.input<typeof PasskeyAuthenticationOptionsBody>;

export const PasskeyAuthenticationBody = z
  .object({
    response: credentialResponse,
    challengeToken: z.string().min(1).max(200).optional(),
    rememberBrowser: z
      .boolean()
      .optional()
      .meta({
        description: `With \`challengeToken\` (a second step): remember this browser, so that for ${REMEMBER_BROWSER_DAYS} days signing in with the password from it skips that step`,
      }),
  })
  .meta({ id: 'PasskeyAuthenticationBody' });
export type PasskeyAuthenticationBody = z.input<typeof PasskeyAuthenticationBody>;
/** One signed-in session of the account (Settings > Security). */
export const SessionInfo = z
  .object({
    id: z
      .string()
      .meta({ description: 'Names the session for `DELETE /api/v1/auth/sessions/{id}`' }),
    browser: z.string().nullable(),
    os: z.string().nullable(),
    /** ISO 3166-1 alpha-2, from the address it signed in from; the address is not kept. */
    country: z.string().nullable(),
    createdAt: dateTime(),
    lastActiveAt: dateTime(),
    current: z.boolean().meta({ description: 'The session of this request' }),
  })
  .meta({ id: 'SessionInfo' });
export type SessionInfo = z.infer<typeof SessionInfo>;

export const SessionList = z.object({ sessions: z.array(SessionInfo) }).meta({ id: 'SessionList' });
export type SessionList = z.infer<typeof SessionList>;

export const SessionIdParams = z.object({
  id: z.string().regex(/^[0-9a-f]{64}$/, 'Unknown session'),
});

/** How many sessions a sign-out ended. */
export const SessionsSignedOut = z
  .object({ signedOut: z.number().int() })
  .meta({ id: 'SessionsSignedOut' });
export type SessionsSignedOut = z.infer<typeof SessionsSignedOut>;
