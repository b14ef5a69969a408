import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLink, createTeam, createTestApp, setTier, signUp, type TestApp } from './helpers';
import { startTestSmtp, type TestSmtp } from './smtp';

/**
 * Every URL the server writes (into an e-mail, a stored record or an answer) starts with
 * PUBLIC_URL, or without it with the address the server listens on: never with what a request
 * says about its host, even behind a trusted proxy.
 */
const PORT = 4321;
const OWN = `http://localhost:${PORT}`;
// A client sets what it likes (no Origin: the CSRF check does not apply to it).
const FORGED = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
};

let t: TestApp;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({
    config: { port: PORT, publicUrl: null, smtpUrl: smtp.url, trustProxy: true },
    app: { mailRetryDelaysMs: [] },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Every http(s) URL in a text. */
const urlsIn = (text: string) => text.match(/https?:\/\/[^\s"<>)]+/g) ?? [];

function expectOwnLinks(text: string) {
  expect(text).not.toContain('evil.example');
  const urls = urlsIn(text);
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) expect(url.startsWith(`${OWN}/`)).toBe(true);
}

describe('links the server writes never come from a request header', () => {
  it('invitation emails (by address and by username) and the invitation link', async () => {
    const owner = await signUp(t.app);
    await setTier(t.db, owner.user.id, 'TEAM');
    const invitee = await signUp(t.app);
    const teamId = (await createTeam(t.app, owner)).id;
    const headers = { ...owner.headers, ...FORGED };
    const address = `forged.${Date.now()}@example.com`;
    const byEmail = await t.app.inject({
      method: 'POST',
      url: `/api/v1/teams/${teamId}/invitations`,
      headers,
      payload: { email: address },
    });
    expect(byEmail.statusCode).toBe(201);
    expect(byEmail.json().url.startsWith(`${OWN}/invitations/`)).toBe(true);
    const byName = await t.app.inject({
      method: 'POST',
      url: `/api/v1/teams/${teamId}/members`,
      headers,
      payload: { username: invitee.user.username },
    });
    expect(byName.statusCode).toBe(201);
    await t.app.mailer.idle();
    for (const to of [address, invitee.user.email ?? '']) {
      const [mail] = smtp.to(to);
      expectOwnLinks(mail?.text ?? '');
      expectOwnLinks(String(mail?.html ?? ''));
    }
  });

  it('password-reset, password-changed and email-changed emails', async () => {
    const me = await signUp(t.app);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      headers: { ...FORGED },
      payload: { email: me.user.email },
    });
    expect(reset.statusCode).toBe(202);
    await t.app.services.passwordReset.idle();
    await t.app.mailer.idle();
    const [resetMail] = smtp.to(me.user.email ?? '');
    expectOwnLinks(resetMail?.text ?? '');
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(resetMail?.text ?? '')?.[1];
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      headers: { ...FORGED },
      payload: { token, password: 'a new password 123' },
    });
    expect(confirmed.statusCode).toBe(200);
    await t.app.mailer.idle();
    const changed = smtp.to(me.user.email ?? '')[1];
    expectOwnLinks(changed?.text ?? '');

    const other = await signUp(t.app);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: { ...other.headers, ...FORGED },
      payload: { email: `moved.${Date.now()}@example.com`, currentPassword: other.password },
    });
    expect(put.statusCode).toBe(200);
    await t.app.mailer.idle();
    const [moved] = smtp.to(other.user.email ?? '');
    expectOwnLinks(moved?.text ?? '');
  });

  it('tracking URLs in answers and exports, robots.txt and the sitemap', async () => {
    const me = await signUp(t.app);
    await setTier(t.db, me.user.id, 'PREMIUM');
    const link = await createLink(t.app, me.headers);
    const headers = { ...me.headers, ...FORGED };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tracking',
      headers,
      payload: { mailtoLinkId: link.id },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().trackingUrl).toBe(`${OWN}/t/${created.json().slug}`);
    const list = await t.app.inject({
      url: `/api/v1/mailto-links/${link.id}/tracking-links`,
      headers,
    });
    expect(list.json()[0].trackingUrl).toBe(`${OWN}/t/${created.json().slug}`);
    const exported = await t.app.inject({ url: '/api/v1/account/export', headers });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain(`${OWN}/t/${created.json().slug}`);
    expect(exported.body).not.toContain('evil.example');
    for (const url of ['/robots.txt', '/sitemap.xml']) {
      const res = await t.app.inject({ url, headers: FORGED });
      expectOwnLinks(res.body.replace(/http:\/\/www\.sitemaps\.org\/\S+/, ''));
    }
  });
});
