import type { ParsedMailto } from '@mailtokit/mailto';
import { ClipboardPasteIcon } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

const loadDialog = () => import('./import-mailto-dialog');
const ImportMailtoDialog = lazy(() =>
  loadDialog().then((m) => ({ default: m.ImportMailtoDialog })),
);

/**
 * The 'Import a mailto link' button. The dialog behind it loads when the pointer or focus
 * reaches the button (or at the latest on the click), not with the page.
 */
export function ImportMailtoButton({ onImport }: { onImport: (mail: ParsedMailto) => void }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const preload = () => void loadDialog();
  return (
    <>
      <Button
        ref={button}
        type="button"
        variant="outline"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <ClipboardPasteIcon aria-hidden="true" />
        Import a mailto link
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <ImportMailtoDialog
            open={open}
            onOpenChange={setOpen}
            onImport={onImport}
            returnFocusTo={button}
          />
        </Suspense>
      ) : null}
    </>
  );
}
