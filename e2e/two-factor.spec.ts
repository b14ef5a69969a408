import { Secret, TOTP } from 'otpauth';
import { expect, signedInUser, snap, test } from './fixtures';

/** The code an authenticator app shows, `offsetSteps` 30-second steps from now. */
function codeOf(secret: string, offsetSteps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: Date.now() + offsetSteps * 30_000,
  });
}

test('turning on two-step sign-in, then signing in with a code from the app', async ({ page }) => {
  const user = await signedInUser(page);
  await page.goto('/dashboard/settings?tab=security');
  const card = page.locator('section, div').filter({
    has: page.getByRole('heading', { name: 'Two-step sign-in' }),
  });
  await expect(page.getByTestId('two-factor-state')).toHaveText(/Off/);
  // Setting up needs a password confirmed in this session: the dialog asks, then the set-up
  // carries on by itself.
  await page.getByRole('button', { name: 'Set up' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
  await confirm.getByLabel('Your current password').fill('not my password');
  await confirm.getByRole('button', { name: 'Continue' }).click();
  await expect(confirm.getByText('Current password is incorrect')).toBeVisible();
  await confirm.getByLabel('Your current password').fill(user.password);
  await confirm.getByRole('button', { name: 'Continue' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByAltText('QR code to scan with your authenticator app')).toBeVisible();
  await snap(page, 'two-factor-set-up');
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Code from the app').fill(codeOf(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await snap(page, 'two-factor-recovery-codes');
  await page.getByRole('button', { name: 'I saved them' }).click();
  await expect(card.getByTestId('two-factor-state').first()).toHaveText(
    'On. 10 recovery codes left.',
  );

  // Signing in again: the password, then a code (the next step's: the current one was used).
  await page.context().clearCookies();
  await page.goto('/auth');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const codeField = page.getByLabel('Code from your authenticator app');
  await expect(codeField).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
  await snap(page, 'two-factor-sign-in');
  await codeField.fill('000000' === codeOf(secret, 1) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('second-factor-failure')).toBeVisible();
  await codeField.fill(codeOf(secret, 1));
  await page.getByRole('checkbox', { name: 'Remember this browser for 30 days' }).check();
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();

  // Signed out, then in again from this browser: the password alone, no code asked.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toHaveCount(0);
  await page.goto('/auth');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await expect(page.getByLabel('Code from your authenticator app')).toHaveCount(0);

  // Another browser (no remember cookie) is still asked for a code.
  const other = await page.context().browser()!.newContext();
  const elsewhere = await other.request.post(new URL('/api/v1/auth/login', page.url()).href, {
    data: { username: user.username, password: user.password },
  });
  expect(elsewhere.status()).toBe(202);
  await other.close();
});
