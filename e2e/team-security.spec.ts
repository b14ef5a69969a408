import type { Browser, Page } from '@playwright/test';
import { createUser, expect, signInViaApi, snap, test, type TestUser } from './fixtures';

/** A user signed in in a browser context of their own. */
async function signedIn(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInViaApi(page, user);
  return page;
}

/** A call to the API in the page's session (cookie and Origin, as the web app sends them). */
async function api(page: Page, method: 'GET' | 'POST', path: string, data?: object) {
  const res = await page.context().request.fetch(path, {
    method,
    ...(data ? { data } : {}),
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json() as Promise<Record<string, unknown>>;
}

/**
 * The owner's team (made in their session, with one shared link), which `member` joined by
 * accepting the owner's invitation in their own.
 */
async function teamWithMember(owner: Page, member: Page, memberName: string, tail: string) {
  const team = (await api(owner, 'POST', '/api/v1/teams', { name: `Security ${tail}` })) as {
    id: number;
    name: string;
  };
  const linkName = `Escalation ${tail}`;
  await api(owner, 'POST', '/api/v1/mailto-links', {
    name: linkName,
    to: 'security@example.com',
    subject: 'Incident',
    teamId: team.id,
  });
  const invitation = await api(owner, 'POST', `/api/v1/teams/${team.id}/invitations`, {
    username: memberName,
    role: 'member',
  });
  await api(member, 'POST', `/api/v1/invitations/${String(invitation.id)}/accept`);
  return { team, linkName };
}

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });

test('an owner requires two-step sign-in: a member without it keeps the team but not its links', async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  const owner = await createUser({ firstName: 'Olga', tier: 'TEAM' });
  const member = await createUser({ firstName: 'Max' });
  await signInViaApi(page, owner);
  const memberPage = await signedIn(browser, member);
  const tail = owner.username.slice(-4);
  const { team, linkName } = await teamWithMember(page, memberPage, member.username, tail);

  // Before: the member reads the shared link, and no policy is shown to them.
  await memberPage.goto(`/teams/${team.id}`);
  await expect(memberPage.getByTestId('team-link-row')).toContainText(linkName, {
    timeout: 30_000,
  });
  await expect(memberPage.getByRole('heading', { name: 'Two-step sign-in' })).toHaveCount(0);

  // The owner turns the policy on from the team's page, with the keyboard.
  await page.goto(`/teams/${team.id}`);
  const policy = page.getByRole('switch', { name: 'Require two-step sign-in of members' });
  await expect(policy).not.toBeChecked({ timeout: 30_000 });
  await policy.focus();
  await page.keyboard.press('Space');
  await expect(toasts(page).getByText('Two-step sign-in is required').first()).toBeVisible();
  await expect(policy).toBeChecked();
  await snap(page, 'team-require-two-step');

  // The member stays in the team; its links are held back with the reason and the way out.
  await memberPage.reload();
  const note = memberPage.getByTestId('team-two-factor-required');
  await expect(note).toContainText('This team requires two-step sign-in.', { timeout: 30_000 });
  await expect(memberPage.getByText(linkName)).toHaveCount(0);
  await expect(
    memberPage.getByText(
      'The owner requires two-step sign-in of every member to open the team’s links.',
    ),
  ).toBeVisible();
  await expect(
    memberPage
      .getByRole('table', { name: `Members of ${team.name}` })
      .getByText(`@${member.username}`),
  ).toBeVisible();
  const held = await memberPage.context().request.get(`/api/v1/mailto-links?teamId=${team.id}`);
  expect(held.status()).toBe(403);
  expect(((await held.json()) as { code: string }).code).toBe('TWO_FACTOR_REQUIRED');
  await snap(memberPage, 'team-two-step-required-member');
  await note.getByRole('link', { name: 'Settings > Security' }).click();
  await expect(memberPage).toHaveURL(/\/dashboard\/settings\?tab=security/);
  await memberPage.context().close();
  expect(consoleErrors).toEqual([]);
});

test('transferring ownership asks for the password in the dialog, then hands the team over', async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  const owner = await createUser({ firstName: 'Olga', tier: 'TEAM' });
  const member = await createUser({ firstName: 'Max', tier: 'TEAM' });
  await signInViaApi(page, owner);
  const memberPage = await signedIn(browser, member);
  const tail = owner.username.slice(-4);
  const { team } = await teamWithMember(page, memberPage, member.username, tail);
  await memberPage.context().close();

  await page.goto(`/teams/${team.id}`);
  const role = page.getByRole('combobox', { name: `Role of ${member.username}` });
  await expect(role).toHaveValue('MEMBER', { timeout: 30_000 });
  await role.selectOption('OWNER');
  const transfer = page.getByRole('alertdialog', {
    name: `Transfer ownership to ${member.username}?`,
  });
  await transfer.getByRole('button', { name: 'Transfer ownership' }).click();

  // Nothing confirmed in this session: the one password dialog asks, then the transfer goes on.
  const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(confirm.getByLabel('Your current password')).toBeFocused();
  await confirm.getByLabel('Your current password').fill('not my password');
  await confirm.getByRole('button', { name: 'Continue' }).click();
  await expect(confirm.getByText('Current password is incorrect')).toBeVisible();
  await snap(page, 'team-transfer-confirm-password');
  await confirm.getByLabel('Your current password').fill(owner.password);
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(
    toasts(page)
      .getByText(`${member.username} is now the owner of ${team.name}. You are an admin.`)
      .first(),
  ).toBeVisible();

  // The table follows: the new owner, and this user an admin who changes no roles.
  const rows = page.getByTestId('team-member-row');
  await expect(rows.filter({ hasText: `@${member.username}` })).toContainText('Owner');
  await expect(rows.filter({ hasText: '(you)' })).toContainText('Admin');
  await expect(page.getByRole('combobox', { name: /^Role of / })).toHaveCount(0);
  const members = (await (
    await page.context().request.get(`/api/v1/teams/${team.id}/members`)
  ).json()) as Array<{ role: string; user: { username: string } }>;
  expect(members.map((m) => [m.user.username, m.role]).sort()).toEqual(
    [
      [owner.username, 'ADMIN'],
      [member.username, 'OWNER'],
    ].sort(),
  );
  expect(consoleErrors).toEqual([]);
});
