import { UploadIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '@/components/ui/button';
import { useDeferredDialog } from '@/lib/use-deferred-dialog';

const loadDialog = () => import('./import-csv-dialog');
const ImportCsvDialog = lazy(() => loadDialog().then((m) => ({ default: m.ImportCsvDialog })));

/**
 * The links tab's 'Import CSV' button. The dialog behind it loads when the pointer or focus
 * reaches the button (or at the latest on the click), not with the dashboard.
 */
export function ImportCsvButton() {
  const { open, setOpen, used, buttonRef, triggerProps } = useDeferredDialog(loadDialog);
  return (
    <>
      <Button size="sm" variant="outline" {...triggerProps}>
        <UploadIcon aria-hidden="true" />
        Import CSV
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <ImportCsvDialog open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} />
        </Suspense>
      ) : null}
    </>
  );
}
