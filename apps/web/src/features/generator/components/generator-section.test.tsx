import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '@mailtokit/contracts/user';
import { publishAuth } from '@/lib/auth/auth-store';
import { GeneratorSection } from './generator-section';

function renderGenerator() {
  render(
    <MemoryRouter>
      <GeneratorSection />
    </MemoryRouter>,
  );
  return userEvent.setup({ delay: null });
}

afterEach(() => publishAuth({ user: null, isLoading: false }));

const generate = () => screen.getByRole('button', { name: 'Generate' });
const field = (label: string) => screen.getByLabelText(label);

describe('generator: the Generate button', () => {
  it('is disabled in the prerendered page and enabled once the page is live', () => {
    const html = renderToString(<GeneratorSection />);
    const prerendered = new DOMParser().parseFromString(html, 'text/html');
    const button = within(prerendered.body).getByRole('button', { name: 'Generate' });
    expect(button.hasAttribute('disabled')).toBe(true);

    renderGenerator();
    expect(generate().hasAttribute('disabled')).toBe(false);
  });
});

describe('generator: validation', () => {
  it('a recipient is required; the To field gets the focus; no link is shown', async () => {
    const user = renderGenerator();
    await user.click(generate());
    expect(await screen.findByText('Recipient email is required')).toBeTruthy();
    expect(document.activeElement).toBe(field('To'));
    expect(screen.queryByTestId('generated-link')).toBeNull();
  });

  it('every address field takes only valid addresses, and messages follow the typing', async () => {
    const user = renderGenerator();
    await user.type(field('To'), 'ann@example.com, nope');
    await user.type(field('BCC'), 'x@');
    await user.click(generate());
    expect(
      await screen.findAllByText('Please enter valid email addresses separated by commas'),
    ).toHaveLength(2);

    await user.clear(field('BCC'));
    expect(
      screen.getAllByText('Please enter valid email addresses separated by commas'),
    ).toHaveLength(1);
    expect(screen.queryByTestId('generated-link')).toBeNull();
  });
});

describe('generator: the result', () => {
  it('shows the mailto URL with every field encoded', async () => {
    const user = renderGenerator();
    await user.type(field('To'), 'ann@example.com');
    await user.type(field('Subject'), 'Tea & cake?');
    await user.type(field('Body'), 'Hi,{Enter}see you');
    await user.click(generate());
    const link = await screen.findByTestId('generated-link');
    expect(link.textContent).toBe(
      'mailto:ann@example.com?subject=Tea%20%26%20cake%3F&body=Hi,%0D%0Asee%20you',
    );
    expect(screen.getByTestId('open-in-mail-app').getAttribute('href')).toBe(link.textContent);
  });
});

describe('generator: the link follows its fields', () => {
  it('appears once To is valid and changes with every edit, without pressing Generate', async () => {
    const user = renderGenerator();
    await user.type(field('To'), 'ann@example.com');
    const link = await screen.findByTestId('generated-link');
    expect(link.textContent).toBe('mailto:ann@example.com');
    await user.type(field('Subject'), 'Hi');
    expect(screen.getByTestId('generated-link').textContent).toBe(
      'mailto:ann@example.com?subject=Hi',
    );
    expect(screen.getByTestId('open-in-mail-app').getAttribute('href')).toBe(
      'mailto:ann@example.com?subject=Hi',
    );
  });

  it('an invalid field takes the link away (no stale link, nothing to copy) until it is fixed', async () => {
    const user = renderGenerator();
    await user.type(field('To'), 'ann@example.com');
    await screen.findByTestId('generated-link');
    await user.type(field('CC'), 'nope');
    expect(screen.queryByTestId('generated-link')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
    expect(screen.getByTestId('generator-no-link')).toBeTruthy();
    await user.click(generate());
    expect(screen.getByText('Please enter valid email addresses separated by commas')).toBeTruthy();
    expect(screen.queryByTestId('generated-link')).toBeNull();

    await user.clear(field('CC'));
    expect(screen.getByTestId('generated-link').textContent).toBe('mailto:ann@example.com');
  });

  it('Copy copies the link of the fields as they are now', async () => {
    // user-event puts its own clipboard in place of the browser's.
    const user = renderGenerator();
    await user.type(field('To'), 'ann@example.com');
    await screen.findByTestId('generated-link');
    await user.type(field('Subject'), 'New');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('mailto:ann@example.com?subject=New');
  });

  it('Clear empties the form and takes the link away', async () => {
    const user = renderGenerator();
    await user.type(field('To'), 'ann@example.com');
    await screen.findByTestId('generated-link');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByTestId('generated-link')).toBeNull();
    expect(screen.queryByTestId('generator-no-link')).toBeNull();
    expect(field('To')).toHaveProperty('value', '');
  });
});

describe('generator: save the link', () => {
  it('offers a visitor "Sign up to save", leading back to the prefilled link form', async () => {
    const user = renderGenerator();
    await user.type(field('To'), 'ann@example.com');
    const link = await screen.findByRole('link', { name: 'Sign up to save' });
    const url = new URL(link.getAttribute('href') ?? '', 'https://x.test');
    expect(url.pathname).toBe('/auth');
    expect(url.searchParams.get('tab')).toBe('register');
    expect(url.searchParams.get('next')).toBe('/dashboard/create-link?to=ann%40example.com');
  });

  it('offers a Premium user "Save link", and a FREE user nothing', async () => {
    const account: User = {
      id: 1,
      username: 'ann',
      email: 'ann@example.com',
      firstName: null,
      lastName: null,
      subscriptionTier: 'PREMIUM',
      subscriptionExpiresAt: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    publishAuth({ user: account, isLoading: false });
    const user = renderGenerator();
    await user.type(field('To'), 'ann@example.com');
    expect((await screen.findByRole('link', { name: 'Save link' })).getAttribute('href')).toBe(
      '/dashboard/create-link?to=ann%40example.com',
    );
    publishAuth({ user: { ...account, subscriptionTier: 'FREE' }, isLoading: false });
    expect(await screen.findByTestId('generated-link')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Save link' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign up to save' })).toBeNull();
  });
});
