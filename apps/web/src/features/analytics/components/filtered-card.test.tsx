import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FilteredCard, filteredSentence } from './filtered-card';

const none = { bot: 0, preview: 0, scanner: 0, prefetch: 0, repeat: 0, embedded: 0 };

describe('FilteredCard', () => {
  it('names hits from inside a page among the reasons, most first', () => {
    expect(filteredSentence({ ...none, embedded: 3, scanner: 1 })).toBe(
      '3 hits from inside pages, 1 email scanner',
    );
    expect(filteredSentence({ ...none, embedded: 1 })).toBe('1 hit from inside a page');
  });

  it('shows the reasons with what they are, and nothing when every hit was a person', () => {
    const { container, rerender } = render(<FilteredCard filtered={{ ...none, embedded: 2 }} />);
    const text = screen.getByTestId('filtered-breakdown').textContent;
    expect(text).toContain('Not counted: 2 hits from inside pages');
    expect(text).toContain('hits from frames or images inside other pages');
    rerender(<FilteredCard filtered={none} />);
    expect(container.innerHTML).toBe('');
  });
});
