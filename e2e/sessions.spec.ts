import { createUser, expect, signInViaApi, test } from './fixtures';

test('two browsers signed in: Settings > Security lists both, and signs the other out', async ({
  page,
  browser,
  baseURL,
}) => {
  const user = await createUser();
  await signInViaApi(page, user);
  const elsewhere = await browser.newContext({ baseURL });
  const other = await elsewhere.newPage();
  const login = await elsewhere.request.post('/api/v1/auth/login', {
    data: { username: user.username, password: user.password },
  });
  expect(login.status()).toBe(200);
  expect((await elsewhere.request.get('/api/v1/auth/me')).status()).toBe(200);

  await page.goto('/dashboard/settings?tab=security');
  const sessions = page.getByRole('list', { name: 'Signed-in sessions' }).getByTestId('session');
  await expect(sessions).toHaveCount(2, { timeout: 30_000 });
  const mine = sessions.filter({ hasText: 'This browser' });
  await expect(mine).toHaveCount(1);
  await expect(mine.getByRole('button', { name: /^Sign out/ })).toHaveCount(0);

  const theirs = sessions.filter({ hasNotText: 'This browser' });
  await theirs.getByRole('button', { name: /^Sign out/ }).click();
  await expect(sessions).toHaveCount(1);
  await expect(sessions.first()).toContainText('This browser');

  // The other browser is signed out: its next visit to the dashboard goes to the sign-in page.
  await other.goto('/dashboard');
  await expect(other).toHaveURL(/\/auth/, { timeout: 30_000 });
  expect((await other.request.get('/api/v1/auth/me')).status()).toBe(401);
  // This one is still signed in.
  expect((await page.request.get('/api/v1/auth/me')).status()).toBe(200);
  await elsewhere.close();
});
