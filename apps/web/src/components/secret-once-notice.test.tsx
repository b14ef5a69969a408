import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SecretOnceFlow, SecretOnceNotice } from './secret-once-notice';

interface Created {
  name: string;
  secret: string;
}

function Flow() {
  return (
    <SecretOnceFlow<Created>
      form={(onCreated) => (
        <button type="button" onClick={() => onCreated({ name: 'CRM', secret: 'mtk_s3cret' })}>
          Create
        </button>
      )}
      notice={(created, onDone) => (
        <SecretOnceNotice
          title="Copy it now"
          value={created.secret}
          label="New secret"
          copiedMessage={{ title: 'Copied' }}
          onDone={onDone}
          data-testid="notice"
        >
          {created.name} is shown once.
        </SecretOnceNotice>
      )}
    >
      <p>The list</p>
    </SecretOnceFlow>
  );
}

describe('SecretOnceFlow', () => {
  it('replaces the form with the secret until the user has copied it, keeping the list', async () => {
    render(<Flow />);
    const user = userEvent.setup({ delay: null });
    expect(screen.getByText('The list')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create' }));

    const notice = screen.getByTestId('notice');
    expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'New secret' })).toHaveProperty(
      'value',
      'mtk_s3cret',
    );
    expect(notice.textContent).toContain('CRM is shown once.');
    // The form the focus was in is gone: the notice takes the focus.
    expect(document.activeElement).toBe(notice);
    expect(screen.getByText('The list')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('mtk_s3cret');

    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByTestId('notice')).toBeNull();
    expect(screen.queryByText('mtk_s3cret')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create' })).toBeTruthy();
  });
});
