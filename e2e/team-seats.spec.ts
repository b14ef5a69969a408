import type { Browser, Page } from '@playwright/test';
import { admin, createUser, expect, signInViaApi, snap, test, type TestUser } from './fixtures';

/** A user signed in in a browser context of their own. */
async function signedIn(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInViaApi(page, user);
  return page;
}

/** A call to the API in the page's session (cookie and Origin, as the web app sends them). */
async function api(page: Page, method: 'POST' | 'PUT', path: string, data: object) {
  const res = await page.context().request.fetch(path, {
    method,
    data,
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

test("a Team owner's plan covers a FREE invitee; the owner reads an admin's edit in the audit log", async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(240_000);
  const owner = await createUser({ firstName: 'Olga', tier: 'TEAM' });
  const invitee = await createUser({ firstName: 'Fred' });
  const teamAdmin = await createUser({ firstName: 'Ada' });
  const tail = owner.username.slice(-4);
  const teamName = `Support ${tail}`;
  const linkName = `Refund request ${tail}`;

  // The owner makes the team, shares a link and invites both (their calls, in their session).
  await signInViaApi(page, owner);
  const team = await api(page, 'POST', '/api/v1/teams', { name: teamName });
  await api(page, 'POST', '/api/v1/mailto-links', {
    name: linkName,
    to: 'support@example.com',
    subject: 'Refund',
    teamId: team.id,
  });
  await page.goto(`/teams/${team.id}`);
  await page.getByRole('button', { name: 'Invite member' }).click();
  const inviteDialog = page.getByRole('dialog', { name: 'Invite member' });
  // The dialog says what an invitee gets before anyone is invited.
  await expect(inviteDialog.getByTestId('invitee-gets')).toContainText(
    "reads the team's shared links, their tracking links and analytics, whatever their own plan",
  );
  await snap(page, 'team-invite-dialog');
  await inviteDialog.getByLabel('Username or email').fill(invitee.username);
  await inviteDialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(inviteDialog).toBeHidden();
  await api(page, 'POST', `/api/v1/teams/${team.id}/invitations`, {
    username: teamAdmin.username,
    role: 'admin',
  });

  // --- The FREE invitee accepts and sees the team's links on the team page.
  const asInvitee = await signedIn(browser, invitee);
  await asInvitee.getByRole('tab', { name: /Teams/ }).click();
  await asInvitee
    .getByTestId('my-invitation')
    .getByRole('button', { name: `Accept the invitation to ${teamName}` })
    .click();
  await expect(asInvitee).toHaveURL(new RegExp(`/teams/${team.id}$`));
  await expect(asInvitee.getByTestId('team-link-row')).toHaveText([new RegExp(linkName)]);
  await expect(asInvitee.getByText('come with Premium')).toHaveCount(0);
  // Members do not see the audit log.
  await expect(asInvitee.getByRole('heading', { name: 'Audit log' })).toHaveCount(0);
  await snap(asInvitee, 'team-detail-free-member');
  // And in their links list, where nothing asks them to upgrade.
  await asInvitee.goto('/dashboard?tab=links');
  await expect(asInvitee.getByRole('article', { name: linkName })).toBeVisible();
  await snap(asInvitee, 'links-tab-free-member');

  // --- The FREE admin accepts and edits the shared link in the link form.
  const asAdmin = await signedIn(browser, teamAdmin);
  await asAdmin.getByRole('tab', { name: /Teams/ }).click();
  await asAdmin
    .getByTestId('my-invitation')
    .getByRole('button', { name: `Accept the invitation to ${teamName}` })
    .click();
  await expect(asAdmin).toHaveURL(new RegExp(`/teams/${team.id}$`));
  const links = await (
    await asAdmin.context().request.get(`/api/v1/mailto-links?teamId=${team.id}`)
  ).json();
  await asAdmin.goto(`/dashboard/edit-link/${links[0].id}`);
  await asAdmin.getByLabel('Subject').fill('Refund, please');
  await asAdmin.getByRole('button', { name: 'Update link' }).click();
  await expect(asAdmin).toHaveURL(/\/dashboard(\?.*)?$/);

  // --- The owner reads it in the team's audit log, filters by the admin, and the URL keeps it.
  await page.goto(`/teams/${team.id}`);
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  const entries = page.getByTestId('audit-entry');
  await expect(entries.first()).toContainText(
    `${teamAdmin.username} · Link edited: ${linkName} (subject)`,
  );
  await page.getByLabel('Person').selectOption({ label: teamAdmin.username });
  await expect(page).toHaveURL(/person=\d+/);
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(1)).toContainText(`${teamAdmin.username} · Invitation accepted`);
  const person = new URL(page.url()).searchParams.get('person') ?? '';
  await page.reload();
  await expect(page.getByLabel('Person')).toHaveValue(person);
  await expect(entries).toHaveCount(2);
  await snap(page, 'team-detail-audit-log');

  // --- The owner's plan ends: the team says so, the member sees the ended state, no error.
  admin('set-tier', owner.username, 'PREMIUM');
  await asInvitee.goto(`/teams/${team.id}`);
  await expect(asInvitee.getByTestId('team-plan-ended')).toContainText(
    "This team's plan has ended",
  );
  await expect(asInvitee.getByTestId('team-links-ended')).toBeVisible();
  await snap(asInvitee, 'team-detail-plan-ended');

  expect(consoleErrors).toEqual([]);
});

test('Settings > Security lists the account security log', async ({ page, consoleErrors }) => {
  const user = await createUser();
  const failed = await page.request.post('/api/v1/auth/login', {
    data: { username: user.username, password: 'not the password' },
  });
  expect(failed.status()).toBe(401);
  await signInViaApi(page, user);
  await page.goto('/dashboard/settings?tab=security');
  await expect(page.getByRole('heading', { name: 'Security log' })).toBeVisible();
  const events = page.getByTestId('security-event');
  await expect(events).toHaveText(['Signed in', 'Failed sign-in (wrong password)']);
  await snap(page, 'settings-security-log');
  expect(consoleErrors).toEqual([]);
});
