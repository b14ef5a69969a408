import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPIED_INDICATOR_MS } from '@/lib/clipboard';
import { dismissToast } from '@/lib/toast';
import { CopyButton } from './copy-button';

afterEach(() => {
  vi.useRealTimers();
  dismissToast();
});

describe('CopyButton', () => {
  it('copies, says "Copied!" for 2 s, and always lays out both labels (so its width never changes)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<CopyButton value="mailto:a@b.io" label="Copy HTML" />);
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    const button = screen.getByRole('button', { name: 'Copy HTML' });
    const labels = () =>
      Array.from(button.querySelectorAll('span span span'), (s) => s.textContent);
    expect(labels()).toEqual(['Copy HTML', 'Copied!']);

    await user.click(button);
    expect(await navigator.clipboard.readText()).toBe('mailto:a@b.io');
    expect(screen.getByRole('button', { name: 'Copied!' })).toBe(button);
    expect(labels()).toEqual(['Copy HTML', 'Copied!']);

    act(() => vi.advanceTimersByTime(COPIED_INDICATOR_MS));
    expect(screen.getByRole('button', { name: 'Copy HTML' })).toBe(button);
  });
});
