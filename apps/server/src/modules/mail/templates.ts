import { displayName } from '@mailtokit/contracts/user';

/** The texts of every e-mail the service sends: a plain-text part and a simple HTML part. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** How an e-mail names a person: their display name (first name, else username), as the app does. */
export const nameOf = (user: { username: string; first_name: string | null }): string =>
  displayName({ username: user.username, firstName: user.first_name });

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

interface Block {
  paragraphs: string[];
  /** A button (HTML) / a bare URL on its own line (text). */
  action?: { label: string; url: string };
  list?: string[];
  after?: string[];
  /** Small print at the end, with a link: `text` then the URL (text) / a link (HTML). */
  footer?: { text: string; label: string; url: string };
}

function render(subject: string, block: Block): MailContent {
  const text = [
    ...block.paragraphs,
    ...(block.list?.length ? [block.list.map((l) => `- ${l}`).join('\n')] : []),
    ...(block.action ? [`${block.action.label}:\n${block.action.url}`] : []),
    ...(block.after ?? []),
    ...(block.footer ? [`${block.footer.text}\n${block.footer.label}: ${block.footer.url}`] : []),
    '-- \nMailtoKit',
  ].join('\n\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const html = [
    '<!doctype html><html><body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a;font-size:16px;line-height:1.5">',
    '<div style="max-width:520px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:24px">',
    ...block.paragraphs.map(p),
    ...(block.list?.length
      ? [
          `<ul style="margin:0 0 16px;padding-left:20px">${block.list.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
        ]
      : []),
    ...(block.action
      ? [
          `<p style="margin:0 0 16px"><a href="${escapeHtml(block.action.url)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:6px;font-weight:600">${escapeHtml(block.action.label)}</a></p>`,
          `<p style="margin:0 0 16px;font-size:14px;color:#475569">Or open this address: <a href="${escapeHtml(block.action.url)}" style="color:#4f46e5;word-break:break-all">${escapeHtml(block.action.url)}</a></p>`,
        ]
      : []),
    ...(block.after ?? []).map(p),
    ...(block.footer
      ? [
          `<p style="margin:24px 0 0;font-size:13px;color:#64748b">${escapeHtml(block.footer.text)} <a href="${escapeHtml(block.footer.url)}" style="color:#475569">${escapeHtml(block.footer.label)}</a></p>`,
        ]
      : []),
    '<p style="margin:24px 0 0;font-size:14px;color:#64748b">MailtoKit</p>',
    '</div></body></html>',
  ].join('');
  return { subject, text, html };
}

export function passwordResetMail(input: {
  /** The addressee's display name (`nameOf`). */
  name: string;
  url: string;
  validMinutes: number;
}): MailContent {
  return render('Reset your MailtoKit password', {
    paragraphs: [
      `Hello ${input.name},`,
      `Someone (we hope you) asked to reset the password of your MailtoKit account. The link below lets you choose a new one; it works once, for ${input.validMinutes} minutes.`,
    ],
    action: { label: 'Choose a new password', url: input.url },
    after: ['If you did not ask for this, ignore this email: your password stays as it is.'],
  });
}

export function passwordChangedMail(input: {
  /** The addressee's display name (`nameOf`). */
  name: string;
  settingsUrl: string;
  resetUrl: string;
  /** Names of the account's API tokens, all revoked with the change. */
  revokedTokens: string[];
}): MailContent {
  const tokens = input.revokedTokens.length
    ? {
        paragraphs: [
          'Every sign-in of the account has ended, and these API tokens were revoked (scripts that used them need a new one from Settings):',
        ],
        list: input.revokedTokens,
      }
    : {
        paragraphs: ['Every sign-in of the account has ended. The account had no API tokens.'],
      };
  return render('Your MailtoKit password was changed', {
    paragraphs: [
      `Hello ${input.name},`,
      'The password of your MailtoKit account was just changed with a reset link.',
      ...tokens.paragraphs,
    ],
    list: tokens.list,
    action: { label: 'Open Settings', url: input.settingsUrl },
    after: [
      `If this was not you, choose a new password at once (${input.resetUrl}): that ends every sign-in and token again.`,
    ],
  });
}

/**
 * A name someone else chose (a team's, an inviter's), shown as a name: in quotes, and with an
 * invisible break after each character that mail programs read as part of an address (`.`,
 * `/`, `:`, `@`), so that none of them turns "verify at evil.example/login" into a link.
 */
export function asName(name: string): string {
  return `"${name.replace(/([./:@\\])/g, '$1\u200b')}"`;
}

/** The fixed subject of every invitation e-mail: it carries no text an inviter chose. */
export const TEAM_INVITATION_SUBJECT = 'You have a team invitation on MailtoKit';

export function teamInvitationMail(input: {
  team: string;
  inviter: string;
  role: 'ADMIN' | 'MEMBER';
  url: string;
  validDays: number;
  /** True: the link is the invitation itself (an invited address); else it opens the app. */
  byEmail: boolean;
  /** The team's owner requires two-step sign-in of every member. */
  requiresTwoFactor?: boolean;
  /** The one-click link that stops every invitation e-mail to this address. */
  stopUrl: string;
}): MailContent {
  const role = input.role === 'ADMIN' ? 'an admin' : 'a member';
  const policy = input.requiresTwoFactor
    ? [
        "This team requires two-step sign-in: its links open only once you turn it on in your account's Settings > Security (an authenticator app or a passkey).",
      ]
    : [];
  return render(TEAM_INVITATION_SUBJECT, {
    paragraphs: [
      'Hello,',
      `The MailtoKit user ${asName(input.inviter)} invited you to join their team named ${asName(input.team)} as ${role}. The team's name was chosen by its owner, not by MailtoKit.`,
      input.byEmail
        ? `Open the link below to sign in (or create an account) and accept. It works once, for ${input.validDays} days.`
        : `Sign in to MailtoKit and open the Teams tab to accept or decline. The invitation stays open for ${input.validDays} days.`,
      ...policy,
    ],
    action: {
      label: input.byEmail ? 'Accept the invitation' : 'See the invitation',
      url: input.url,
    },
    after: ['Nothing happens unless you accept. If you did not expect this, ignore this email.'],
    footer: {
      text: 'Do not want team invitations by email? One click stops all of them to this address:',
      label: 'Stop invitation emails',
      url: input.stopUrl,
    },
  });
}

/** Sent to the old address when an account's e-mail address changes. */
export function emailChangedMail(input: {
  /** The addressee's display name (`nameOf`). */
  name: string;
  newEmail: string;
  signInUrl: string;
}): MailContent {
  return render('Your MailtoKit email address was changed', {
    paragraphs: [
      `Hello ${input.name},`,
      `The email address of your MailtoKit account was just changed to ${input.newEmail}. Emails about the account, password-reset links included, now go there instead of here.`,
      'The change was confirmed with the account password.',
    ],
    action: { label: 'Sign in to MailtoKit', url: input.signInUrl },
    after: [
      'If this was not you, someone knows your password: sign in at once, choose a new password in Settings and set your address back in your profile. If you can no longer sign in, ask the administrator of this MailtoKit instance for a password-reset link.',
    ],
  });
}

/** Told to the user when the operator turned their two-step sign-in off. */
export function twoFactorDisabledMail(input: {
  /** The addressee's display name (`nameOf`). */
  name: string;
  settingsUrl: string;
}): MailContent {
  return render('Two-step sign-in was turned off on your MailtoKit account', {
    paragraphs: [
      `Hello ${input.name},`,
      'The operator of this MailtoKit service turned off two-step sign-in on your account, as you may have asked when you lost your authenticator app. Every sign-in of the account has ended.',
      'Signing in now takes your password alone. Turn two-step sign-in on again in Settings > Security.',
    ],
    action: { label: 'Open Settings', url: input.settingsUrl },
    after: ['If you did not ask for this, change your password and contact the operator at once.'],
  });
}
