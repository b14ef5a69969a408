import type { Page } from '@playwright/test';
import { createUser, expect, snap, test, type TestUser } from './fixtures';
import { addVirtualAuthenticator } from './webauthn';

// A passkey belongs to a domain: an address such as 127.0.0.1 cannot hold one, localhost can.
test.use({ baseURL: `http://localhost:${Number(process.env.E2E_PORT ?? 3100)}` });

test('adding a passkey in settings, then signing in with it and no username', async ({ page }) => {
  const user = await createUser();
  const login = await page.context().request.post('/api/v1/auth/login', {
    data: { username: user.username, password: user.password },
  });
  expect(login.status()).toBe(200);
  await page.goto('/dashboard/settings?tab=security');
  await expect(page.getByTestId('no-passkeys')).toBeVisible({ timeout: 30_000 });
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

  await page.getByLabel('Name of the new passkey').fill('Test laptop');
  await snap(page, 'passkeys-add');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  // No password confirmed in this session yet: the dialog asks, then the passkey is made.
  const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
  await confirm.getByLabel('Your current password').fill(user.password);
  await confirm.getByRole('button', { name: 'Continue' }).click();
  const row = page.getByTestId('passkey');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Test laptop');
  await expect(row).toContainText('never used');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  await snap(page, 'passkeys-list');

  // Signed out: the passkey alone signs in, nothing typed.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).not.toHaveURL(/\/dashboard/);
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
  await snap(page, 'passkeys-sign-in');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible({ timeout: 30_000 });

  await page.goto('/dashboard/settings?tab=security');
  await expect(row).toContainText('last used', { timeout: 30_000 });
});

/** Signs in with the password through the API and adds a passkey in Settings > Security. */
async function userWithPasskey(page: Page, user: TestUser) {
  const login = await page.context().request.post('/api/v1/auth/login', {
    data: { username: user.username, password: user.password },
  });
  expect(login.status()).toBe(200);
  await page.goto('/dashboard/settings?tab=security');
  await expect(page.getByTestId('no-passkeys')).toBeVisible({ timeout: 30_000 });
  await addVirtualAuthenticator(page);
  await page.getByLabel('Name of the new passkey').fill('Test laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
  await confirm.getByLabel('Your current password').fill(user.password);
  await confirm.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('passkey')).toHaveCount(1);
}

test('a passkey confirms it is you: creating an API token in a session begun with the passkey', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const user = await createUser({ tier: 'PREMIUM' });
  await userWithPasskey(page, user);
  // A new session, begun with the passkey alone: nothing confirmed in it yet.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).not.toHaveURL(/\/dashboard/);
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible({ timeout: 30_000 });

  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'API tokens' }).click();
  await page.getByLabel('Token name').fill('Deploy script');
  await page.getByRole('button', { name: 'Create token' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(confirm).toContainText('Enter your password or use a passkey to continue.');
  await expect(confirm.getByLabel('Your current password')).toBeFocused();
  const usePasskey = confirm.getByRole('button', { name: 'Use a passkey' });
  await snap(page, 'passkeys-confirm-dialog');
  await usePasskey.click();

  // The refused request goes again once the passkey confirmed the session.
  const notice = page.getByTestId('new-token');
  await expect(notice.getByText('Copy your new token now')).toBeVisible();
  await expect(confirm).toBeHidden();
  const token = await notice.getByRole('textbox', { name: 'New API token' }).inputValue();
  expect(token).toMatch(/^mtk_/);
  const tokens = await page.context().request.get('/api/v1/tokens');
  expect(((await tokens.json()) as Array<{ name: string }>).map((t) => t.name)).toEqual([
    'Deploy script',
  ]);
  expect(consoleErrors).toEqual([]);
});

test('the passkey second step remembers this browser for 30 days when asked', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await createUser();
  await userWithPasskey(page, user);
  const signInWithPassword = async () => {
    await page.goto('/auth');
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  };
  const signOut = async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).not.toHaveURL(/\/dashboard/);
  };

  await signOut();
  await signInWithPassword();
  const step = page.getByRole('group', { name: 'Two-step sign-in' });
  const remember = step.getByRole('checkbox', { name: 'Remember this browser for 30 days' });
  await expect(remember).not.toBeChecked();
  await remember.check();
  await snap(page, 'passkeys-second-step-remember');
  await step.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible({ timeout: 30_000 });

  // Next time the password alone signs in from this browser.
  await signOut();
  await signInWithPassword();
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 30_000 });
  await expect(step).toHaveCount(0);
});
