import type { Browser, Page } from '@playwright/test';
import { createUser, expect, makeUser, signInViaApi, snap, test, type TestUser } from './fixtures';

/** Console errors of a page in another context (the fixture watches the default page only). */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (
      msg.type() === 'error' &&
      !/^Failed to load resource: the server responded with a status of 4\d\d/.test(msg.text())
    )
      errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/** A user signed in in a browser context of their own. */
async function signedIn(browser: Browser, user: TestUser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = watchConsole(page);
  await signInViaApi(page, user);
  return { context, page, errors };
}

test('owner builds a team and shares a link; the admin removes the member, who loses it', async ({
  page,
  browser,
  consoleErrors,
}) => {
  // Three users, a dozen calls each, two of them answering invitations, and nine screenshots.
  test.setTimeout(360_000);
  const owner = await createUser({ firstName: 'Olga', tier: 'TEAM' });
  const teamAdmin = await createUser({ firstName: 'Ada' });
  // Listing saved links needs a premium plan (TEAM includes it).
  const member = await createUser({ firstName: 'Max', tier: 'PREMIUM' });
  const teamName = `Marketing ${owner.username.slice(-4)}`;
  const linkName = `Newsletter ${owner.username.slice(-4)}`;

  // --- The owner creates the team in the teams tab.
  await signInViaApi(page, owner);
  await page.goto('/dashboard?tab=teams');
  await expect(page.getByText('No teams yet')).toBeVisible();
  await page.getByRole('button', { name: 'Create your first team' }).click();
  const createDialog = page.getByRole('dialog', { name: 'Create team' });
  await createDialog.getByRole('button', { name: 'Create team' }).click();
  await expect(createDialog.getByText('Team name is required')).toBeVisible();
  await createDialog.getByLabel('Team name').fill(teamName);
  await createDialog.getByLabel('Description (optional)').fill('Campaign links for the newsletter');
  await createDialog.getByRole('button', { name: 'Create team' }).click();
  await expect(page.getByText('Team created').first()).toBeVisible();
  await expect(createDialog).toBeHidden();
  // Creating a team opens it; the teams tab lists it.
  await expect(page).toHaveURL(/\/teams\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
  await expect(page.getByText('No links shared yet.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to dashboard' }).click();

  const card = page.getByRole('article', { name: teamName });
  await expect(card.getByText('Owner', { exact: true })).toBeVisible();
  await expect(card.getByText('1 member', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: `Delete ${teamName}` })).toBeVisible();
  await snap(page, 'teams-tab');

  // --- Team detail: invite an admin and a member by username. An unknown username is
  // answered like a known one (no way to probe for accounts).
  await card.getByRole('link', { name: `View ${teamName}` }).click();
  await expect(page).toHaveURL(/\/teams\/\d+$/);
  const teamId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
  await expect(page.getByText('No pending invitations.')).toBeVisible();

  const inviteDialog = page.getByRole('dialog', { name: 'Invite member' });
  const send = () => inviteDialog.getByRole('button', { name: 'Send invitation' }).click();
  await page.getByRole('button', { name: 'Invite member' }).click();
  await send();
  await expect(inviteDialog.getByText('Enter a username or an email address')).toBeVisible();
  // Admin and member only, member by default: ownership moves only to a member.
  await expect(inviteDialog.getByLabel('Role')).toHaveValue('member');
  await expect(inviteDialog.getByLabel('Role').locator('option')).toHaveText(['Member', 'Admin']);
  const nobody = `nobody_${owner.username.slice(-6)}`;
  await inviteDialog.getByLabel('Username or email').fill(nobody);
  await send();
  // The toast (the audit log's action filter names the same action).
  await expect(
    page.getByRole('region', { name: 'Notifications (F8)' }).getByText('Invitation sent').first(),
  ).toBeVisible();
  await expect(inviteDialog).toBeHidden();

  await page.getByRole('button', { name: 'Invite member' }).click();
  await inviteDialog.getByLabel('Username or email').fill(teamAdmin.username);
  await inviteDialog.getByLabel('Role').selectOption('admin');
  await send();
  await expect(inviteDialog).toBeHidden();
  await page.getByRole('button', { name: 'Invite member' }).click();
  await inviteDialog.getByLabel('Username or email').fill(member.username);
  await send();
  await expect(inviteDialog).toBeHidden();

  // Invited is not joined: the members stay one, the invitations wait under them.
  const rows = page.getByTestId('team-member-row');
  await expect(rows).toHaveCount(1);
  const pending = page.getByTestId('team-invitation-row');
  await expect(pending).toHaveCount(3);
  await expect(pending.filter({ hasText: teamAdmin.username })).toContainText('Admin');
  await expect(pending.filter({ hasText: member.username })).toContainText(
    `Invited by ${owner.firstName}`,
  );
  // The invitee's e-mail shows nowhere before they accept.
  await expect(page.getByText(member.email)).toHaveCount(0);
  await page.getByRole('button', { name: `Revoke the invitation of ${nobody}` }).click();
  await expect(
    page
      .getByRole('region', { name: 'Notifications (F8)' })
      .getByText('Invitation revoked')
      .first(),
  ).toBeVisible();
  await expect(pending).toHaveCount(2);

  // --- Each invitee accepts from their Teams tab (a badge on the tab says so).
  const asMember = await signedIn(browser, member);
  const asAdmin = await signedIn(browser, teamAdmin);
  for (const { page: p, who } of [
    { page: asMember.page, who: member },
    { page: asAdmin.page, who: teamAdmin },
  ]) {
    await p.goto('/dashboard');
    await expect(p.getByTestId('invitations-badge')).toHaveText(/^1/);
    await p.getByRole('tab', { name: /Teams/ }).click();
    const invitation = p.getByTestId('my-invitation');
    await expect(invitation).toContainText(`${owner.firstName} invited you to ${teamName}`);
    if (who === member) await snap(p, 'teams-tab-invitation');
    await invitation.getByRole('button', { name: `Accept the invitation to ${teamName}` }).click();
    await expect(p).toHaveURL(new RegExp(`/teams/${teamId}$`));
    await expect(p.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
  }

  await page.reload();
  await expect(rows).toHaveCount(3);
  // Members by name, the username beside it.
  await expect(rows.filter({ hasText: `@${member.username}` })).toContainText('Max');
  await expect(rows.filter({ hasText: `@${owner.username}` })).toContainText('Olga (you)');
  await expect(page.getByText('No pending invitations.')).toBeVisible();
  await expect(page.getByText(member.email)).toBeVisible();
  await expect(page.getByLabel(`Role of ${teamAdmin.username}`)).toHaveValue('ADMIN');
  await expect(page.getByLabel(`Role of ${member.username}`)).toHaveValue('MEMBER');

  // The owner changes a role inline (and back).
  await page.getByLabel(`Role of ${member.username}`).selectOption('ADMIN');
  await expect(page.getByText(`${member.username} is now an admin.`)).toBeVisible();
  await page.getByLabel(`Role of ${member.username}`).selectOption('MEMBER');
  await expect(page.getByText(`${member.username} is now a member.`)).toBeVisible();
  await expect(page.getByLabel(`Role of ${member.username}`)).toHaveValue('MEMBER');
  await expect(page.getByRole('button', { name: `Remove ${member.username}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove ${owner.username}` })).toHaveCount(0);
  await snap(page, 'team-detail-owner');

  // --- The owner saves a link shared with the team (the link form's team selector).
  await page.goto('/dashboard/create-link');
  await page.getByLabel('Link name').fill(linkName);
  await page.getByLabel('To', { exact: true }).fill('news@example.com');
  await page.getByLabel('Share with team (optional)').selectOption({ label: teamName });
  await page.getByRole('button', { name: 'Save link' }).click();
  await expect(page).toHaveURL(/\/dashboard(\?.*)?$/);
  // The row's team badge names the team.
  await expect(
    page.getByRole('article', { name: linkName }).getByTitle(`Shared with ${teamName}`),
  ).toHaveText(`${teamName} (shared team)`);

  // --- The member sees the shared link with the team's badge, and a read-only team.
  await asMember.page.goto('/dashboard?tab=links');
  const sharedLink = asMember.page.getByRole('article', { name: linkName });
  await expect(sharedLink).toBeVisible();
  await expect(sharedLink.getByTitle(`Shared with ${teamName}`)).toBeVisible();

  await asMember.page.goto(`/teams/${teamId}`);
  await expect(asMember.page.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
  await expect(asMember.page.getByTestId('team-member-row')).toHaveCount(3);
  // The team's shared links, for members too.
  await expect(asMember.page.getByTestId('team-link-row')).toHaveText([new RegExp(linkName)]);
  await expect(asMember.page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  await expect(asMember.page.getByRole('button', { name: 'Invite member' })).toHaveCount(0);
  await expect(asMember.page.getByText('Pending invitations')).toHaveCount(0);
  await expect(asMember.page.getByRole('combobox')).toHaveCount(0);
  await expect(asMember.page.getByRole('heading', { name: 'Audit log' })).toHaveCount(0);
  await expect(asMember.page.getByRole('button', { name: 'Leave team' })).toBeVisible();
  await snap(asMember.page, 'team-detail-member');

  // --- The admin removes plain members only, and changes no roles.
  await asAdmin.page.goto(`/teams/${teamId}`);
  await expect(asAdmin.page.getByTestId('team-member-row')).toHaveCount(3);
  // No role selects among the members (the audit log's filters are selects of their own).
  await expect(asAdmin.page.getByTestId('team-member-row').getByRole('combobox')).toHaveCount(0);
  await expect(asAdmin.page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  await expect(asAdmin.page.getByRole('button', { name: `Remove ${owner.username}` })).toHaveCount(
    0,
  );
  await snap(asAdmin.page, 'team-detail-admin');
  await asAdmin.page.getByRole('button', { name: `Remove ${member.username}` }).click();
  const confirm = asAdmin.page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Remove ${member.username}`);
  await confirm.getByRole('button', { name: 'Remove member' }).click();
  await expect(
    asAdmin.page
      .getByRole('region', { name: 'Notifications (F8)' })
      .getByText('Member removed')
      .first(),
  ).toBeVisible();
  await expect(asAdmin.page.getByTestId('team-member-row')).toHaveCount(2);

  // --- The member reloads: the shared link and the team are gone.
  await asMember.page.goto('/dashboard?tab=links');
  await expect(asMember.page.getByText('No saved links yet')).toBeVisible();
  await expect(asMember.page.getByRole('article', { name: linkName })).toHaveCount(0);
  await asMember.page.goto('/dashboard?tab=teams');
  await expect(asMember.page.getByText('No teams yet')).toBeVisible();
  await asMember.page.goto(`/teams/${teamId}`);
  await expect(asMember.page.getByRole('heading', { name: 'Team not found' })).toBeVisible();

  expect(consoleErrors).toEqual([]);
  expect(asMember.errors).toEqual([]);
  expect(asAdmin.errors).toEqual([]);
  await asMember.context.close();
  await asAdmin.context.close();
});

test('an owner invites an email address; the link, opened signed out, leads through sign-up into the team', async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.slow();
  const owner = await createUser({ tier: 'TEAM' });
  const newcomer = makeUser({ firstName: 'Nina' });
  const teamName = `Support ${owner.username.slice(-4)}`;
  await signInViaApi(page, owner);
  const created = await page.context().request.post('/api/v1/teams', { data: { name: teamName } });
  expect(created.status()).toBe(201);
  const teamId = (await created.json()).id as number;

  // --- The owner invites an address; with no mail server here, they copy the link shown once.
  await page.goto(`/teams/${teamId}`);
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite member' });
  await dialog.getByLabel('Username or email').fill(newcomer.email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Invitation link' });
  const link = await linkDialog.getByLabel('Invitation link').inputValue();
  expect(link).toMatch(/\/invitations\/[A-Za-z0-9_-]{43}$/);
  await snap(page, 'team-invite-link');
  await linkDialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('team-invitation-row')).toContainText(newcomer.email);
  await snap(page, 'team-detail-pending');

  // --- A signed-out visitor opens it, creates an account, signs in, comes back, accepts.
  const context = await browser.newContext();
  const visitor = await context.newPage();
  const visitorErrors = watchConsole(visitor);
  await visitor.goto(new URL(link).pathname);
  // The page names the team and the inviter (display name, then username) before any sign-in.
  await expect(visitor.getByRole('heading', { name: `Join ${teamName}` })).toBeVisible();
  await expect(visitor.getByText(`invited you to join ${teamName} as a member`)).toContainText(
    `${owner.firstName} (${owner.username})`,
  );
  await snap(visitor, 'invitation-signed-out');
  await visitor.getByRole('link', { name: 'Create an account' }).click();
  await expect(visitor).toHaveURL(/\/auth\?tab=register&next=/);
  await expect(visitor.getByLabel('Email')).toBeVisible();
  await visitor.getByLabel('Username').fill(newcomer.username);
  await visitor.getByLabel('Email').fill(newcomer.email);
  await visitor.getByLabel('First name').fill(newcomer.firstName);
  await visitor.getByLabel('Password', { exact: true }).fill(newcomer.password);
  await visitor.getByRole('button', { name: 'Create account' }).click();
  await expect(visitor.getByRole('tab', { name: 'Sign in' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await visitor.getByLabel('Password', { exact: true }).fill(newcomer.password);
  await visitor.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(visitor).toHaveURL(new URL(link).pathname);
  await expect(visitor.getByText(`You are signed in as ${newcomer.username}`)).toBeVisible();
  await snap(visitor, 'invitation-signed-in');
  await visitor.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/teams/${teamId}$`));
  await expect(visitor.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
  await expect(visitor.getByTestId('team-member-row')).toHaveCount(2);

  // The link is spent: its page says so at once (it previews the invitation before any click).
  await visitor.goto(new URL(link).pathname);
  await expect(visitor.getByRole('heading', { name: 'Invitation not found' })).toBeVisible();

  expect(consoleErrors).toEqual([]);
  expect(visitorErrors).toEqual([]);
  await context.close();
});
