import type { ParsedMailto } from '@mailtokit/mailto';
import { ClipboardPasteIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '@/components/ui/button';
import { useDeferredDialog } from '@/lib/use-deferred-dialog';

const loadDialog = () => import('./import-mailto-dialog');
const ImportMailtoDialog = lazy(() =>
  loadDialog().then((m) => ({ default: m.ImportMailtoDialog })),
);

/**
 * The 'Import a mailto link' button. The dialog behind it loads when the pointer or focus
 * reaches the button (or at the latest on the click), not with the page.
 */
export function ImportMailtoButton({ onImport }: { onImport: (mail: ParsedMailto) => void }) {
  const { open, setOpen, used, buttonRef, triggerProps } = useDeferredDialog(loadDialog);
  return (
    <>
      <Button variant="outline" {...triggerProps}>
        <ClipboardPasteIcon aria-hidden="true" />
        Import a mailto link
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <ImportMailtoDialog
            open={open}
            onOpenChange={setOpen}
            onImport={onImport}
            returnFocusTo={buttonRef}
          />
        </Suspense>
      ) : null}
    </>
  );
}
