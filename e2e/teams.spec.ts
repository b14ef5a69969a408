import type { Browser, Page } from '@playwright/test';
import {
  createUser,
  expect,
  signedInUser,
  signInViaApi,
  snap,
  test,
  type TestUser,
} from './fixtures';

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
  // Three users, a dozen calls each and eight screenshots.
  test.slow();
  const owner = await createUser(page.request, { firstName: 'Olga', tier: 'TEAM' });
  const teamAdmin = await createUser(page.request, { firstName: 'Ada' });
  // Listing saved links needs a premium plan (TEAM includes it).
  const member = await createUser(page.request, { firstName: 'Max', tier: 'PREMIUM' });
  const teamName = `Marketing ${owner.username.slice(-4)}`;
  const linkName = `Newsletter ${owner.username.slice(-4)}`;

  // --- The owner creates the team in the teams tab.
  await signInViaApi(page, owner);
  await page.goto('/dashboard?tab=teams');
  await expect(page.getByText('No teams yet')).toBeVisible();
  await page.getByRole('button', { name: 'Create your first team' }).click();
  const createDialog = page.getByRole('dialog', { name: 'Create Team' });
  await createDialog.getByRole('button', { name: 'Create Team' }).click();
  await expect(createDialog.getByText('Team name is required')).toBeVisible();
  await createDialog.getByLabel('Team Name').fill(teamName);
  await createDialog.getByLabel('Description (optional)').fill('Campaign links for the newsletter');
  await createDialog.getByRole('button', { name: 'Create Team' }).click();
  await expect(page.getByText('Team created').first()).toBeVisible();
  await expect(createDialog).toBeHidden();

  const card = page.getByRole('article', { name: teamName });
  await expect(card.getByText('Owner', { exact: true })).toBeVisible();
  await expect(card.getByText('1 member', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: `Delete ${teamName}` })).toBeVisible();
  await snap(page, 'teams-tab');

  // --- Team detail: add an admin and a member; an unknown username is refused.
  await card.getByRole('link', { name: `View ${teamName}` }).click();
  await expect(page).toHaveURL(/\/teams\/\d+$/);
  const teamId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('heading', { level: 1, name: teamName })).toBeVisible();

  const addDialog = page.getByRole('dialog', { name: 'Add Member' });
  await page.getByRole('button', { name: 'Add Member' }).click();
  await addDialog.getByRole('button', { name: 'Add Member' }).click();
  await expect(addDialog.getByText('Username is required')).toBeVisible();
  // The owner is offered owner (transfer), admin and member; member is the default.
  await expect(addDialog.getByLabel('Role')).toHaveValue('member');
  await expect(addDialog.getByLabel('Role').locator('option')).toHaveText([
    'Member',
    'Admin',
    'Owner (transfer ownership)',
  ]);
  await addDialog.getByLabel('Username').fill(`nobody_${owner.username.slice(-6)}`);
  await addDialog.getByRole('button', { name: 'Add Member' }).click();
  await expect(
    page.getByText('Failed to add the member. Please check that the username exists.').first(),
  ).toBeVisible();
  await expect(addDialog.getByText(/No user named/)).toBeVisible();

  await addDialog.getByLabel('Username').fill(teamAdmin.username);
  await addDialog.getByLabel('Role').selectOption('admin');
  await addDialog.getByRole('button', { name: 'Add Member' }).click();
  await expect(page.getByText('Member added').first()).toBeVisible();
  await expect(addDialog).toBeHidden();

  await page.getByRole('button', { name: 'Add Member' }).click();
  await addDialog.getByLabel('Username').fill(member.username);
  await addDialog.getByRole('button', { name: 'Add Member' }).click();
  await expect(addDialog).toBeHidden();

  const rows = page.getByTestId('team-member-row');
  await expect(rows).toHaveCount(3);
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
  await page.getByLabel('Link Name').fill(linkName);
  await page.getByLabel('To', { exact: true }).fill('news@example.com');
  await page.getByLabel('Share with Team (Optional)').selectOption({ label: teamName });
  await page.getByRole('button', { name: 'Save Link' }).click();
  await expect(page).toHaveURL(/\/dashboard(\?.*)?$/);
  await expect(page.getByRole('article', { name: linkName }).getByText(/^Team/)).toBeVisible();

  // --- The member sees the shared link with the 'Team' badge, and a read-only team.
  const asMember = await signedIn(browser, member);
  await asMember.page.goto('/dashboard?tab=links');
  const sharedLink = asMember.page.getByRole('article', { name: linkName });
  await expect(sharedLink).toBeVisible();
  await expect(sharedLink.getByText(/^Team/)).toBeVisible();

  await asMember.page.goto(`/teams/${teamId}`);
  await expect(asMember.page.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
  await expect(asMember.page.getByTestId('team-member-row')).toHaveCount(3);
  await expect(asMember.page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  await expect(asMember.page.getByRole('button', { name: 'Add Member' })).toHaveCount(0);
  await expect(asMember.page.getByRole('combobox')).toHaveCount(0);
  await expect(asMember.page.getByRole('button', { name: 'Leave team' })).toBeVisible();
  await snap(asMember.page, 'team-detail-member');

  // --- The admin removes plain members only, and changes no roles.
  const asAdmin = await signedIn(browser, teamAdmin);
  await asAdmin.page.goto(`/teams/${teamId}`);
  await expect(asAdmin.page.getByTestId('team-member-row')).toHaveCount(3);
  await expect(asAdmin.page.getByRole('combobox')).toHaveCount(0);
  await expect(asAdmin.page.getByRole('button', { name: `Remove ${owner.username}` })).toHaveCount(
    0,
  );
  await snap(asAdmin.page, 'team-detail-admin');
  await asAdmin.page.getByRole('button', { name: `Remove ${member.username}` }).click();
  const confirm = asAdmin.page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Remove ${member.username}`);
  await confirm.getByRole('button', { name: 'Remove Member' }).click();
  await expect(asAdmin.page.getByText('Member removed').first()).toBeVisible();
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

test('a user without the Team plan is offered the plans instead of a team', async ({
  page,
  consoleErrors,
}) => {
  await signedInUser(page);
  await page.goto('/dashboard?tab=teams');
  await expect(page.getByText('No teams yet')).toBeVisible();
  await page.getByRole('button', { name: 'Create Team', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Team' });
  await dialog.getByLabel('Team Name').fill('Not allowed');
  await dialog.getByRole('button', { name: 'Create Team' }).click();
  await expect(
    page
      .getByText(
        'Creating teams requires a Team subscription. Please upgrade your account to access this feature.',
      )
      .first(),
  ).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, view plans' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  expect(consoleErrors).toEqual([]);
});
