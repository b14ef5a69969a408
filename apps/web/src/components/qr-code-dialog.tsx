import { QrCodeIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { QrImages } from '@/lib/qr';
import { Button, type ButtonProps } from './ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './ui/dialog';
import { Spinner } from './ui/spinner';

type QrState =
  | { status: 'loading' }
  | { status: 'ready'; images: QrImages }
  | { status: 'error'; message: string };

function QrImage({ text, fileName, label }: { text: string; fileName: string; label: string }) {
  const [state, setState] = useState<QrState>({ status: 'loading' });
  useEffect(() => {
    let cancelled = false;
    // The encoder loads on first use only.
    import('@/lib/qr')
      .then(({ renderQr }) => renderQr(text))
      .then(
        (images) => !cancelled && setState({ status: 'ready', images }),
        (err: unknown) =>
          !cancelled &&
          setState({
            status: 'error',
            message: err instanceof Error ? err.message : 'Could not make the QR code.',
          }),
      );
    return () => {
      cancelled = true;
    };
  }, [text]);

  if (state.status === 'loading')
    return (
      <div role="status" className="flex h-64 items-center justify-center">
        <Spinner />
        <span className="sr-only">Making the QR code…</span>
      </div>
    );
  if (state.status === 'error')
    return (
      <p role="alert" className="text-sm text-destructive">
        {state.message}
      </p>
    );
  return (
    <div className="grid justify-items-center gap-4">
      <img
        src={state.images.pngUrl}
        alt={`QR code of ${label}`}
        width={256}
        height={256}
        className="size-64 rounded-md border bg-white"
      />
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={state.images.pngUrl} download={`${fileName}.png`}>
            Download PNG
          </a>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={state.images.svgUrl} download={`${fileName}.svg`}>
            Download SVG
          </a>
        </Button>
      </div>
    </div>
  );
}

export interface QrCodeDialogProps {
  /** What the code holds (a URL). */
  text: string;
  /** What it is, for the button's and the image's names. */
  label: string;
  /** Download name without extension. */
  fileName: string;
  description?: string;
  /** The look of the button that opens it (default: ghost, which shows only the icon on phones). */
  variant?: ButtonProps['variant'];
}

/**
 * A 'QR code' button that opens the code of `text` (error correction M, 4-module quiet zone)
 * with PNG and SVG downloads; the encoder is loaded when the dialog first opens.
 */
export function QrCodeDialog({
  text,
  label,
  fileName,
  description,
  variant = 'ghost',
}: QrCodeDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={variant} size="sm" aria-label={`QR code for ${label}`}>
          <QrCodeIcon aria-hidden="true" />
          <span className={variant === 'ghost' ? 'hidden sm:inline' : undefined}>QR code</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-sm">
        <DialogHeader>
          <DialogTitle>QR code</DialogTitle>
          <DialogDescription>
            {description ? <>{description} </> : null}
            <span className="font-mono break-all">{text}</span>
          </DialogDescription>
        </DialogHeader>
        {open ? <QrImage text={text} fileName={fileName} label={label} /> : null}
        <DialogFooter>
          <Button onClick={() => setOpen(false)}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
