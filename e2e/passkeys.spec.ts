import { createUser, expect, snap, test } from './fixtures';

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
  // Chromium's virtual authenticator: a platform passkey store that verifies its user.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

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
