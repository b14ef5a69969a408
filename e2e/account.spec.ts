import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { E2E_SMTP_PORT } from '../playwright.config';
import {
  expect,
  makeUser,
  registerViaApi,
  signedInUser,
  signInViaUi,
  snap,
  test,
} from './fixtures';

// One SMTP server for the file: the e2e server sends its e-mail here (SMTP_URL).
test.describe.configure({ mode: 'serial' });

const inbox: ParsedMail[] = [];
let smtp: SMTPServer;

test.beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          inbox.push(mail);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(E2E_SMTP_PORT, '127.0.0.1', () => resolve());
  });
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const recipients = (m: ParsedMail) =>
  (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) =>
    a.value.map((v) => v.address?.toLowerCase()),
  );

/** Waits for the e-mail with this subject to arrive for `address`. */
async function mailFor(address: string, subject: string): Promise<ParsedMail> {
  const find = () =>
    inbox.find((m) => m.subject === subject && recipients(m).includes(address.toLowerCase()));
  await expect.poll(() => find() !== undefined, { timeout: 15_000 }).toBe(true);
  return find()!;
}

test('forgot password: the emailed link sets a new password, then sign-in works', async ({
  page,
  consoleErrors,
}) => {
  const user = makeUser();
  await registerViaApi(user);

  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();

  // The same answer for an address without an account…
  await page.getByLabel('Email').fill('nobody-at-all@example.com');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const sent = page.getByRole('alert').filter({ hasText: 'Check your inbox' });
  await expect(sent).toContainText('If an account uses this address');
  const unknownText = await sent.textContent();
  // …as for the real one.
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send again' }).click();
  await expect(sent).toHaveText(unknownText ?? '');
  await snap(page, 'forgot-password-sent');

  const mail = await mailFor(user.email, 'Reset your MailtoKit password');
  expect(inbox.some((m) => recipients(m).includes('nobody-at-all@example.com'))).toBe(false);
  const link = mail.text?.match(/http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[\w-]+/)?.[0];
  expect(link, mail.text).toBeTruthy();
  expect(mail.html).toContain(link);

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('my new secret 42');
  await page.getByLabel('Confirm new password').fill('something else');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await snap(page, 'reset-password');
  await page.getByLabel('Confirm new password').fill('my new secret 42');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Password changed', { exact: true })).toBeVisible();

  await signInViaUi(page, { username: user.username, password: 'my new secret 42' });
  const changed = await mailFor(user.email, 'Your MailtoKit password was changed');
  expect(changed.text).toContain('/dashboard/settings');

  // The link worked once.
  await page.goto(link!);
  await page.getByLabel('New password', { exact: true }).fill('and another one 1');
  await page.getByLabel('Confirm new password').fill('and another one 1');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('This link does not work')).toBeVisible();
  await snap(page, 'reset-password-used');
  expect(consoleErrors).toEqual([]);
});

test('Settings > Security downloads the account as a JSON file', async ({ page }) => {
  const user = await signedInUser(page);
  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { name: 'Download your data' })).toBeVisible();
  await snap(page, 'settings-security');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    new RegExp(`^mailtokit-${user.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
  );
  const data = JSON.parse(fs.readFileSync((await file.path())!, 'utf8'));
  expect(data.profile).toMatchObject({ username: user.username, email: user.email });
  expect(JSON.stringify(data)).not.toMatch(/password|hash|secret/i);
});

test('Settings: the open tab is kept in ?tab= across a reload; switches apply at once', async ({
  page,
  consoleErrors,
}) => {
  await signedInUser(page);
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Webhooks' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\?tab=webhooks$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Webhooks' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.goto('/dashboard/settings?tab=tokens');
  await expect(page.getByRole('tab', { name: 'API tokens' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  // General: no Save button; a switch is kept at once and survives a reload.
  await page.getByRole('tab', { name: 'General' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByRole('button', { name: /save/i })).toHaveCount(0);
  // Email notifications are kept on the account: off survives a reload.
  const notifications = page.getByRole('switch', { name: 'Email notifications' });
  await expect(notifications).toBeEnabled();
  await expect(notifications).toBeChecked();
  await notifications.click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expect(page.getByText(/Security emails always arrive/)).toBeVisible();
  await snap(page, 'settings-general');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Email notifications' })).not.toBeChecked();
  expect(consoleErrors).toEqual([]);
});

test('accessibility: no serious violations in the settings tabs or the FREE link form', async ({
  page,
}) => {
  await signedInUser(page);
  const serious = async () => {
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${page.url()} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  };
  const found: string[] = [];
  for (const tab of ['general', 'security', 'tokens', 'webhooks']) {
    await page.goto(`/dashboard/settings?tab=${tab}`);
    await expect(page.getByRole('tab', { selected: true })).toBeVisible();
    found.push(...(await serious()));
  }
  await page.goto('/dashboard/create-link');
  await expect(page.getByTestId('premium-panel')).toBeVisible();
  found.push(...(await serious()));
  expect(found).toEqual([]);
});

test('deleting the account signs out, and the account cannot sign in again', async ({
  page,
  consoleErrors,
}) => {
  const user = await signedInUser(page);
  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByRole('button', { name: 'Delete account' }).click();

  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading', { name: 'Delete your account?' })).toBeVisible();
  await expect(dialog).toContainText('including the ones you shared with a team');
  await expect(dialog).toContainText('teams you own that have no other members');
  await dialog.getByLabel('Your password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('The password is not correct.')).toBeVisible();
  await snap(page, 'delete-account-dialog');

  await dialog.getByLabel('Your password').fill(user.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Account deleted', { exact: true })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth/);

  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Invalid username or password')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('one click on the link of an invitation email stops every invitation email to the address', async ({
  page,
  browser,
  consoleErrors,
}) => {
  await signedInUser(page, { tier: 'TEAM' });
  const api = page.context().request;
  const teamOf = async (name: string) =>
    (await (await api.post('/api/v1/teams', { data: { name } })).json()) as { id: number };
  const invite = async (teamId: number, email: string) =>
    expect(
      (await api.post(`/api/v1/teams/${teamId}/invitations`, { data: { email } })).status(),
    ).toBe(201);
  const address = `stop-${Date.now()}@example.com`;
  const first = await teamOf('Stop test one');
  await invite(first.id, address);
  const mail = await mailFor(address, 'You have a team invitation on MailtoKit');
  const link = mail.text?.match(/http:\/\/127\.0\.0\.1:\d+\/invitations\/stop\/[\w-]+/)?.[0];
  expect(link, mail.text).toBeTruthy();

  // The invitee opens it in their own browser, signed out: the visit alone stops nothing.
  const context = await browser.newContext();
  try {
    const visitor = await context.newPage();
    await visitor.goto(link!);
    await expect(
      visitor.getByRole('heading', { name: 'Stop team invitation emails' }),
    ).toBeVisible();
    await visitor.getByRole('button', { name: 'Stop invitation emails' }).click();
    await expect(visitor.getByRole('heading', { name: 'Invitation emails stopped' })).toBeVisible();
    await expect(visitor.getByRole('status')).toContainText('no more invitation emails');
  } finally {
    await context.close();
  }

  // Another team invites the address: no e-mail. (An e-mail to another address shows the
  // server has sent what it was going to send.)
  const second = await teamOf('Stop test two');
  await invite(second.id, address);
  const other = `other-${Date.now()}@example.com`;
  await invite(second.id, other);
  await mailFor(other, 'You have a team invitation on MailtoKit');
  expect(inbox.filter((m) => recipients(m).includes(address))).toHaveLength(1);
  expect(consoleErrors).toEqual([]);
});
