import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { admin, expect, test } from './fixtures';
import { LONG_TEAM_NAME, seedAccount, type SeededAccount } from './seed';

// No page is wider than the screen: at a phone's and a laptop's width, with long names (user,
// team, links), every dashboard tab, settings tab, team page, link analytics page and public
// page fits, and long names are cut short with the whole name in a title. At a tablet's width,
// where the dashboard's sidebar first appears beside its content, the dashboard fits too.

const WIDTHS = [
  { width: 390, height: 844, dashboardOnly: false },
  { width: 768, height: 1024, dashboardOnly: true },
  { width: 1280, height: 800, dashboardOnly: false },
];

let account: SeededAccount;

// One worker, one seeded account, the tests in order.
test.describe.configure({ mode: 'default' });

// Playwright reads the fixtures a hook uses from its first parameter: this one uses none.
// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, testInfo) => {
  // 55 links and a team for two users, made through the API.
  testInfo.setTimeout(120_000);
  const baseUrl = testInfo.project.use.baseURL!;
  account = await seedAccount({
    baseUrl,
    suffix: randomBytes(3).toString('hex'),
    setTier: (username, tier) => void admin('set-tier', username, tier),
  });
});

/** How far the page reaches past the right edge of the viewport (0 when it fits). */
async function overflow(page: Page): Promise<{ excess: number; widest: string }> {
  return page.evaluate(() => {
    const excess = document.documentElement.scrollWidth - window.innerWidth;
    let widest = '';
    if (excess > 0) {
      // Names the element that sticks out furthest, for the failure message.
      let right = 0;
      for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
        const box = el.getBoundingClientRect();
        if (box.right > right) {
          right = box.right;
          widest = `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 160);
        }
      }
    }
    return { excess, widest };
  });
}

async function expectFits(page: Page, what: string) {
  // Lazy parts and data have arrived.
  await page.waitForLoadState('networkidle');
  const { excess, widest } = await overflow(page);
  expect(excess, `${what} is ${excess}px wider than the screen (${widest})`).toBeLessThanOrEqual(0);
}

async function signIn(page: Page) {
  const res = await page.context().request.post('/api/v1/auth/login', {
    data: { username: account.owner.username, password: account.owner.password },
  });
  expect(res.status()).toBe(200);
}

for (const { dashboardOnly, ...viewport } of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('public pages fit the screen', async ({ page, consoleErrors }) => {
      test.skip(dashboardOnly, 'the dashboard only at this width');
      for (const path of ['/', '/pricing', '/about', '/contact', '/privacy', '/auth', '/nope']) {
        await page.goto(path);
        await expect(page.locator('h1').first()).toBeVisible();
        await expectFits(page, path);
      }
      expect(consoleErrors).toEqual([]);
    });

    test('dashboard tabs, settings tabs and the profile fit the screen', async ({
      page,
      consoleErrors,
    }) => {
      await signIn(page);
      for (const tab of ['links', 'analytics', 'teams']) {
        await page.goto(`/dashboard?tab=${tab}`);
        await expect(page.getByRole('tab', { name: new RegExp(tab, 'i') })).toHaveAttribute(
          'aria-selected',
          'true',
        );
        if (tab === 'links')
          await expect(page.getByText(account.trackedLinkName).first()).toBeVisible();
        if (tab === 'teams') {
          const card = page.getByTestId('team-card');
          await expect(card).toBeVisible();
          // The long name is cut short, whole in its title; the role and actions stay in view.
          await expect(card.getByRole('heading', { name: LONG_TEAM_NAME })).toHaveAttribute(
            'title',
            LONG_TEAM_NAME,
          );
          for (const part of [
            card.getByText('Owner', { exact: true }),
            card.getByRole('button', { name: `Delete ${LONG_TEAM_NAME}` }),
            card.getByRole('link', { name: `View ${LONG_TEAM_NAME}` }),
          ]) {
            await part.scrollIntoViewIfNeeded();
            await expect(part).toBeInViewport({ ratio: 1 });
          }
        }
        await expectFits(page, `the ${tab} tab`);
        // The header's last item, the user menu (avatar, name, arrow), is whole on screen.
        await expect(page.getByRole('button', { name: 'User menu' })).toBeInViewport({ ratio: 1 });
      }
      for (const tab of ['General', 'Security', 'API tokens', 'Webhooks']) {
        const param = tab === 'API tokens' ? 'tokens' : tab.toLowerCase();
        await page.goto(`/dashboard/settings?tab=${param}`);
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
        await expectFits(page, `the ${tab} settings tab`);
      }
      await page.goto('/dashboard/profile');
      await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
      await expectFits(page, 'the profile');
      expect(consoleErrors).toEqual([]);
    });

    test('the team page and a link analytics page fit the screen', async ({
      page,
      consoleErrors,
    }) => {
      test.skip(dashboardOnly, 'the dashboard only at this width');
      await signIn(page);
      await page.goto(`/teams/${account.teamId}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute(
        'title',
        LONG_TEAM_NAME,
      );
      await expect(page.getByTestId('team-member-row')).toHaveCount(2);
      await expect(page.getByTestId('team-link-row').first()).toBeVisible();
      await expectFits(page, 'the team page');

      await page.goto(`/dashboard/analytics/${account.trackedLinkId}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectFits(page, 'the link analytics page');
      expect(consoleErrors).toEqual([]);
    });
  });
}

test('unknown paths answer 404, app paths 200', async ({ request }) => {
  for (const path of ['/nope', '/pricing/old', '/dashboard/nope', '/teams/1/x'])
    expect((await request.get(path)).status(), path).toBe(404);
  for (const path of ['/', '/pricing', '/auth?next=%2Fdashboard', '/dashboard', '/teams/1'])
    expect((await request.get(path)).status(), path).toBe(200);
});
