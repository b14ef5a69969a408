import type { Locator, Page } from '@playwright/test';
import { expect, signedInUser, test } from './fixtures';

// What only a browser at a phone's width shows: the links tab's Show and Sort read whole, and
// Settings > General puts each control at the left edge of its label's column.

/** The options of a native select whose text is wider than the box leaves for it. */
function cutOptions(select: Locator): Promise<string[]> {
  return select.evaluate((el: HTMLSelectElement) => {
    const style = getComputedStyle(el);
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return Array.from(el.options)
      .map((o) => o.text)
      .filter((text) => context.measureText(text).width > room);
  });
}

async function expectSameLeft(page: Page, what: string, label: Locator, control: Locator) {
  const [a, b] = [await label.boundingBox(), await control.boundingBox()];
  expect(a && b, what).toBeTruthy();
  expect(Math.abs(a!.x - b!.x), `${what}: ${b!.x - a!.x}px from its label`).toBeLessThan(1);
}

for (const width of [360, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('the links tab: every Show and Sort choice reads whole', async ({
      page,
      consoleErrors,
    }) => {
      await signedInUser(page, { tier: 'PREMIUM' });
      const res = await page.request.post('/api/v1/mailto-links', {
        data: { name: 'Press enquiries', to: 'press@example.com', tags: ['Press'] },
      });
      expect(res.status(), await res.text()).toBe(201);
      await page.goto('/dashboard?tab=links');
      await expect(page.getByText('Press enquiries').first()).toBeVisible();
      const sort = page.getByRole('combobox', { name: 'Sort' });
      await expect(sort).toHaveValue('newest');
      expect(await cutOptions(sort)).toEqual([]);
      expect(await cutOptions(page.getByRole('combobox', { name: 'Show' }))).toEqual([]);
      // The buttons beside them stay on screen.
      for (const name of ['Manage tags', 'Import or export CSV'])
        await expect(page.getByRole('button', { name })).toBeInViewport({ ratio: 1 });
      expect(consoleErrors).toEqual([]);
    });

    test('Settings > General: each control starts where its label does', async ({
      page,
      consoleErrors,
    }) => {
      await signedInUser(page);
      await page.goto('/dashboard/settings?tab=general');
      const toggle = page.getByRole('switch', { name: 'Email notifications' });
      await expect(toggle).toBeEnabled();
      await expectSameLeft(page, 'the switch', page.getByText('Email notifications'), toggle);
      const theme = page.getByRole('group', { name: 'Theme' });
      await expectSameLeft(
        page,
        'the theme choice',
        page.getByText('Theme', { exact: true }),
        theme,
      );
      // Once changed, the "Saved" note follows the switch: the switch stays in place.
      await toggle.click();
      await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
      await expectSameLeft(
        page,
        'the switch, saved',
        page.getByText('Email notifications'),
        toggle,
      );
      expect(consoleErrors).toEqual([]);
    });
  });
}

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('the command palette cuts long names short inside its dialog', async ({
    page,
    consoleErrors,
  }) => {
    await signedInUser(page, { tier: 'PREMIUM' });
    const name = 'Speaker invitation for the annual partner summit keynote and the workshop';
    const res = await page.request.post('/api/v1/mailto-links', {
      data: { name, to: 'speakers@example.com, programme@example.com' },
    });
    expect(res.status(), await res.text()).toBe(201);
    await page.goto('/dashboard?tab=links');
    await expect(page.getByText(name).first()).toBeVisible();
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Go to' });
    await dialog.getByRole('combobox').fill('Speaker');
    const option = dialog.getByRole('option', { name: new RegExp(name) });
    await expect(option).toBeVisible();
    const [box, row] = [await dialog.boundingBox(), await option.boundingBox()];
    expect(row!.x + row!.width).toBeLessThanOrEqual(box!.x + box!.width);
    expect(consoleErrors).toEqual([]);
  });
});
