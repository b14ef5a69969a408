import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { admin, expect, signedInUser, snap, test } from './fixtures';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

test('an API token is created in Settings, works from a script, and stops once revoked', async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const user = await signedInUser(page, { tier: 'PREMIUM' });
  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'API tokens' }).click();
  await expect(page.getByText('No API tokens yet')).toBeVisible();

  await page.getByLabel('Token name').fill('CRM sync');
  await page.getByRole('checkbox', { name: /links:write/ }).check();
  await page.getByLabel('Expires after').selectOption('90');
  // A new way into the account needs the password, not just a signed-in browser: the dialog
  // asks, then the token is created without a second click.
  await page.getByRole('button', { name: 'Create token' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
  await confirm.getByLabel('Your current password').fill('not my password');
  await confirm.getByRole('button', { name: 'Continue' }).click();
  await expect(confirm.getByText('Current password is incorrect')).toBeVisible();
  await confirm.getByLabel('Your current password').fill(user.password);
  await confirm.getByRole('button', { name: 'Continue' }).click();

  const notice = page.getByTestId('new-token');
  await expect(notice.getByText('Copy your new token now')).toBeVisible();
  const token = await notice.getByRole('textbox', { name: 'New API token' }).inputValue();
  expect(token).toMatch(/^mtk_/);
  await expect(notice.getByRole('button', { name: /copy/i })).toBeVisible();
  await snap(page, 'settings-token-created');

  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${baseURL}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
  const created = await call('/api/v1/mailto-links', {
    method: 'POST',
    body: JSON.stringify({ name: 'From a script', to: 'script@example.com' }),
  });
  expect(created.status).toBe(201);
  const teams = await call('/api/v1/teams');
  expect(teams.status).toBe(403);
  expect((await teams.json()).code).toBe('INSUFFICIENT_SCOPE');

  await notice.getByRole('button', { name: 'I have copied it' }).click();
  const row = page.getByTestId('token-row').filter({ hasText: 'CRM sync' });
  await expect(row.getByText('links:write')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'API tokens' }).click();
  await expect(row.getByText(/Last used (?!never)/)).toBeVisible();
  await snap(page, 'settings-tokens');

  await row.getByRole('button', { name: 'Revoke' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText('stops working at once')).toBeVisible();
  await dialog.getByRole('button', { name: 'Revoke token' }).click();
  await expect(page.getByText('No API tokens yet')).toBeVisible();
  expect((await call('/api/v1/mailto-links')).status).toBe(401);
  expect(consoleErrors).toEqual([]);
});

test('a webhook gets a click, and its delivery shows in the log', async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
    const user = await signedInUser(page, { tier: 'PREMIUM' });
    const api = page.context().request;
    const link = await (
      await api.post('/api/v1/mailto-links', { data: { name: 'Newsletter', to: 'n@example.com' } })
    ).json();
    await api.post('/api/v1/mailto-links', { data: { name: 'Other', to: 'o@example.com' } });
    const tracking = await (
      await api.post('/api/v1/tracking', { data: { mailtoLinkId: link.id, label: 'Issue 3' } })
    ).json();

    await page.goto('/dashboard/settings');
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await expect(page.getByText('No webhooks yet')).toBeVisible();
    await page.getByLabel('Endpoint URL').fill(receiverUrl);
    await page.getByLabel('All my links, including ones I create later').uncheck();
    await page.getByRole('checkbox', { name: 'Newsletter' }).check();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
    await confirm.getByLabel('Your current password').fill(user.password);
    await confirm.getByRole('button', { name: 'Continue' }).click();
    const notice = page.getByTestId('new-webhook-secret');
    const secret = await notice
      .getByRole('textbox', { name: 'Webhook signing secret' })
      .inputValue();
    expect(secret).toMatch(/^whsec_/);
    await snap(page, 'settings-webhook-created');
    await notice.getByRole('button', { name: 'I have copied it' }).click();

    const item = page.getByTestId('webhook-item').filter({ hasText: receiverUrl });
    await expect(item.getByText('Active')).toBeVisible();
    await expect(item.getByText('1 link')).toBeVisible();

    // As a browser navigates (fetch() would say `Sec-Fetch-Mode: cors`: a script, not a click).
    const click = await page.request.get(`${baseURL}/t/${tracking.slug}`, {
      maxRedirects: 0,
      headers: { 'user-agent': CHROME, accept: 'text/html,*/*;q=0.8', 'accept-language': 'en' },
    });
    expect(click.status()).toBe(302);
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]!.headers['mailtokit-event']).toBe('link.clicked');
    expect(JSON.parse(received[0]!.body).data).toMatchObject({
      slug: tracking.slug,
      label: 'Issue 3',
    });

    await item.getByRole('button', { name: 'Delivery log' }).click();
    const log = item.getByRole('table', { name: 'Delivery log' });
    await expect(log.getByRole('row').filter({ hasText: 'link.clicked' })).toContainText(
      'Delivered',
    );
    await expect(log.getByRole('row').filter({ hasText: 'link.clicked' })).toContainText('200');

    await item.getByRole('button', { name: 'Send test event' }).click();
    await expect(log.getByRole('row').filter({ hasText: 'ping' })).toContainText('Delivered');
    await snap(page, 'settings-webhooks');

    await item.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete webhook' }).click();
    await expect(page.getByText('No webhooks yet')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  } finally {
    receiver.close();
  }
});

test('a FREE user sees webhooks as a premium feature', async ({ page }) => {
  await signedInUser(page);
  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Webhooks' }).click();
  await expect(page.getByTestId('premium-panel')).toBeVisible();
});

test('a user moved to FREE sees their webhook paused, and can still delete it', async ({
  page,
  consoleErrors,
}) => {
  const user = await signedInUser(page, { tier: 'PREMIUM' });
  const api = page.context().request;
  const created = await api.post('/api/v1/webhooks', {
    data: { url: 'https://93.184.215.14/hook', currentPassword: user.password },
  });
  expect(created.status()).toBe(201);
  admin('set-tier', user.username, 'FREE');

  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Webhooks' }).click();
  await expect(page.getByTestId('premium-panel')).toContainText('yours are paused');
  const item = page.getByTestId('webhook-item');
  await expect(item.getByText('Paused: plan')).toBeVisible();
  await expect(item.getByRole('button', { name: 'Send test event' })).toHaveCount(0);
  await item.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete webhook' }).click();
  await expect(page.getByTestId('webhook-item')).toHaveCount(0);
  await expect(page.getByTestId('premium-panel')).not.toContainText('paused');
  expect(consoleErrors).toEqual([]);
});
