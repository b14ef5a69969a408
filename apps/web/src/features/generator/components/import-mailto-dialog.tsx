import { parseMailto, type ParsedMailto } from '@mailtokit/mailto';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import type { DeferredDialogProps } from '@/lib/use-deferred-dialog';

export interface ImportMailtoDialogProps extends DeferredDialogProps {
  /** Called with the parsed link; the dialog closes afterwards. */
  onImport: (mail: ParsedMailto) => void;
}

/**
 * 'Import a mailto link': paste an existing link, get its fields back in the form. Loaded on
 * first use by ImportMailtoButton, so the dialog code stays out of the home page's first load.
 */
export function ImportMailtoDialog({
  open,
  onOpenChange: setOpen,
  onImport,
  returnFocusTo,
}: ImportMailtoDialogProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setText('');
      setError(null);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation(); // the dialog is portaled, but React bubbles to the generator form
    if (!text.trim()) {
      setError('Paste a mailto: link first.');
      return;
    }
    let mail: ParsedMailto;
    try {
      mail = parseMailto(text);
    } catch (err) {
      // MailtoParseError explains what is wrong ('Not a mailto link: ...').
      setError(err instanceof Error ? err.message : 'This is not a mailto link.');
      return;
    }
    onImport(mail);
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Import a mailto link</DialogTitle>
            <DialogDescription>
              Paste a link that starts with <code className="font-mono">mailto:</code>. Its
              recipients, subject and body fill the generator, ready to edit.
            </DialogDescription>
          </DialogHeader>
          <FormField id="import-mailto" label="Link to import" error={error ?? undefined}>
            {(control) => (
              <Textarea
                {...control}
                value={text}
                onChange={(event) => {
                  setText(event.target.value);
                  if (error) setError(null);
                }}
                placeholder="mailto:someone@example.com?subject=Hello&body=Hi%20there"
                spellCheck={false}
                autoCapitalize="none"
                autoComplete="off"
                className="min-h-28 font-mono text-[13px] break-all sm:text-[13px]"
                // eslint-disable-next-line jsx-a11y/no-autofocus -- a dialog with one field: the user opened it to paste there
                autoFocus
              />
            )}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit">Import</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
