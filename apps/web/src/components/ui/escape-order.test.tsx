import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissToast, toast } from '@/lib/toast';
import { AlertDialog, AlertDialogContent, AlertDialogTitle } from './alert-dialog';
import { Dialog, DialogContent, DialogTitle } from './dialog';
import { Toaster } from './toast';

afterEach(() => dismissToast());

/** A page with a button opening a dialog, and the app's toasts. */
function Page({ alert = false }: { alert?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {alert ? (
        <AlertDialog open={open} onOpenChange={setOpen}>
          <AlertDialogContent aria-describedby={undefined}>
            <AlertDialogTitle>Delete this link?</AlertDialogTitle>
            <button type="button">Cancel</button>
          </AlertDialogContent>
        </AlertDialog>
      ) : (
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent aria-describedby={undefined}>
            <DialogTitle>Create team</DialogTitle>
            <input aria-label="Team name" />
          </DialogContent>
        </Dialog>
      )}
      <Toaster />
    </>
  );
}

describe('Escape with a toast and a dialog on screen', () => {
  it.each([
    ['dialog', false, 'Create team'],
    ['alert dialog', true, 'Delete this link?'],
  ] as const)(
    'closes the %s first when the toast came after it, then the toast',
    async (_kind, alert, title) => {
      render(<Page alert={alert} />);
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Open' }));
      const role = alert ? 'alertdialog' : 'dialog';
      expect(screen.getByRole(role, { name: title })).toBeTruthy();
      act(() => {
        toast({ title: 'Link copied' });
      });
      expect(await screen.findByText('Link copied')).toBeTruthy();

      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole(role)).toBeNull());
      expect(screen.getByText('Link copied')).toBeTruthy();

      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByText('Link copied')).toBeNull());
    },
  );

  it('closes the dialog first when the toast was there before it', async () => {
    render(<Page />);
    const user = userEvent.setup({ delay: null });
    act(() => {
      toast({ title: 'Link saved' });
    });
    expect(await screen.findByText('Link saved')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Create team' })).toBeTruthy();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Link saved')).toBeTruthy();
  });
});
