import {
  admin,
  expect,
  makeUser,
  registerViaApi,
  signedInUser,
  signInViaApi,
  signInViaUi,
  snap,
  test,
} from './fixtures';

test('a new user registers, signs in, edits the profile, changes the password and signs out', async ({
  page,
  consoleErrors,
}) => {
  // The whole account journey, sign-up to sign-out, with several password hashes.
  test.slow();
  const user = makeUser();

  await page.goto('/');
  await expect(
    page.getByRole('heading', { name: 'Create perfect mailto links in seconds' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Get started', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\?tab=register/);
  await snap(page, 'auth-register');

  // Register: client-side messages first, then a real account.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Your account has been created! Please sign in.')).toBeVisible();
  // No auto-login: back on the Sign in tab.
  await expect(page.getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');

  // Sign in.
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await snap(page, 'dashboard');
  // The browser is now known to the account: a device cookie, sent to the sign-in endpoints
  // only, spares it the account-wide ceiling of failed sign-ins.
  const device = (await page.context().cookies()).find((c) => c.name === 'mailtokit_device');
  expect(device).toMatchObject({ path: '/api/v1/auth', httpOnly: true, sameSite: 'Lax' });

  // User menu: labelled with the first name; header shows username and e-mail.
  await page.getByRole('button', { name: 'User menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText(user.username)).toBeVisible();
  await expect(menu.getByText(user.email)).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile/);
  await expect(page.getByText('Username cannot be changed.')).toBeVisible();

  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByRole('button', { name: /Save|Update Profile/ }).click();
  await expect(page.getByText('Profile updated').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText('Grace');
  await snap(page, 'profile');

  // A new e-mail address asks for the password, and only then.
  await expect(page.getByLabel('Current password')).toHaveCount(0);
  const newEmail = `new.${user.email}`;
  await page.getByLabel('Email').fill(newEmail);
  await expect(page.getByLabel('Current password')).toBeVisible();
  // Left blank with no password confirmed lately: the password dialog asks; closing it saves
  // nothing.
  await page.getByRole('button', { name: /Save|Update Profile/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await page.getByLabel('Current password').fill('not my password');
  await page.getByRole('button', { name: /Save|Update Profile/ }).click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();
  await snap(page, 'profile-email-change');
  await page.getByLabel('Current password').fill(user.password);
  await page.getByRole('button', { name: /Save|Update Profile/ }).click();
  await expect(page.getByText('Profile updated').first()).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveValue(newEmail);

  // Settings > Security: wrong current password is refused, then a real change.
  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByLabel('Current password', { exact: true }).fill('not my password');
  await page.getByLabel('New password', { exact: true }).fill('a brand new secret');
  await page.getByLabel('Confirm new password').fill('a brand new secret');
  await page.getByRole('button', { name: /Update password|Change Password/ }).click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();

  await page.getByLabel('Current password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: /Update password|Change Password/ }).click();
  await expect(page.getByText('Password updated').first()).toBeVisible();
  await expect(page.getByLabel('Current password', { exact: true })).toHaveValue('');
  await snap(page, 'settings-security');

  // Sign out from the user menu, then the new password works and the old one does not.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('You have been signed out.')).toBeVisible();

  await page.goto('/auth');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Invalid username or password')).toBeVisible();

  await signInViaUi(page, { username: user.username, password: 'a brand new secret' });
  expect(consoleErrors).toEqual([]);
});

test('a signed-in user visiting /auth is sent home; the password-change form checks confirmation', async ({
  page,
}) => {
  const user = await signedInUser(page);
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByLabel('Current password', { exact: true }).fill(user.password);
  await page.getByLabel('New password', { exact: true }).fill('first choice 1');
  await page.getByLabel('Confirm new password').fill('second choice 2');
  await page.getByRole('button', { name: /Update password|Change Password/ }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
});

test('the admin CLI tier shows up for the user', async ({ page }) => {
  const user = makeUser();
  await registerViaApi(user);
  expect(admin('set-tier', user.username, 'PREMIUM')).toContain(`${user.username} is now PREMIUM`);
  await signInViaApi(page, user);
  // A paying plan lives in Settings (the dashboard shows it only when it asks for something).
  await page.goto('/dashboard/settings');
  await expect(page.getByTestId('current-plan')).toHaveText('Premium');
});

test('a signed-out visit to a dashboard page signs in, then lands on that page', async ({
  page,
}) => {
  const user = makeUser();
  await registerViaApi(user);
  await page.goto('/dashboard/settings?tab=security');
  await expect(page).toHaveURL(/\/auth\?next=%2Fdashboard%2Fsettings%3Ftab%3Dsecurity$/);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\?tab=security$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  // Registering keeps the way back for the sign-in that follows.
  const other = makeUser();
  await page.context().clearCookies();
  await page.goto(`/auth?tab=register&next=${encodeURIComponent('/dashboard?tab=teams')}`);
  // The register form is the app's (the prerendered /auth shows signing in): typing starts once
  // it is there, as a visitor's does.
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.getByLabel('Username').fill(other.username);
  await page.getByLabel('Email').fill(other.email);
  await page.getByLabel('First name').fill(other.firstName);
  await page.getByLabel('Password', { exact: true }).fill(other.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/auth\?next=%2Fdashboard%3Ftab%3Dteams$/);
  await page.getByLabel('Password', { exact: true }).fill(other.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=teams$/);

  // Never off-site: a foreign `next` leads to the dashboard.
  await page.context().clearCookies();
  await page.goto('/auth?next=//evil.example/x');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard$/);
});
