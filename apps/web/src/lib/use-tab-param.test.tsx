import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useTabParam } from './use-tab-param';

const TABS = ['one', 'two', 'three'] as const;

function Probe({ omitFallback }: { omitFallback?: boolean }) {
  const [tab, choose] = useTabParam(TABS, 'one', { omitFallback });
  const location = useLocation();
  return (
    <>
      <p data-testid="probe">
        {tab} {location.search}
      </p>
      {TABS.map((t) => (
        <button key={t} type="button" onClick={() => choose(t)}>
          {t}
        </button>
      ))}
    </>
  );
}

const select = (tab: string) => fireEvent.click(screen.getByRole('button', { name: tab }));

const shown = () => screen.getByTestId('probe').textContent;

describe('useTabParam', () => {
  it('opens the tab the address names, the fallback for anything else', () => {
    const { unmount } = render(
      <MemoryRouter initialEntries={['/page?tab=three&q=x']}>
        <Probe />
      </MemoryRouter>,
    );
    expect(shown()).toBe('three ?tab=three&q=x');
    unmount();
    render(
      <MemoryRouter initialEntries={['/page?tab=nope']}>
        <Probe />
      </MemoryRouter>,
    );
    expect(shown()).toBe('one ?tab=nope');
  });

  it('writes the chosen tab into the address, keeping its other parameters', () => {
    render(
      <MemoryRouter initialEntries={['/page?q=x']}>
        <Probe />
      </MemoryRouter>,
    );
    select('two');
    expect(shown()).toBe('two ?q=x&tab=two');
    select('one');
    expect(shown()).toBe('one ?q=x&tab=one');
  });

  it('leaves no parameter for the fallback tab when asked to', () => {
    render(
      <MemoryRouter initialEntries={['/page?tab=two']}>
        <Probe omitFallback />
      </MemoryRouter>,
    );
    select('one');
    expect(shown()).toBe('one ');
  });
});
