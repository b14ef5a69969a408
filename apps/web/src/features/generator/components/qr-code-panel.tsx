import { DownloadIcon, QrCodeIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { QrImages } from '@/lib/qr';

type QrState =
  | { status: 'loading' }
  | { status: 'ready'; images: QrImages }
  | { status: 'error'; message: string };

/** A QR code of `href` with PNG and SVG downloads; the encoder is loaded on first use. */
export function QrCodePanel({ href }: { href: string }) {
  const [state, setState] = useState<{ href: string; qr: QrState }>({
    href,
    qr: { status: 'loading' },
  });

  useEffect(() => {
    let cancelled = false;
    import('@/lib/qr')
      .then(({ renderQr }) => renderQr(href))
      .then(
        (images) => {
          if (!cancelled) setState({ href, qr: { status: 'ready', images } });
        },
        (err: unknown) => {
          if (cancelled) return;
          const message =
            err instanceof Error && err.name === 'QrTooLongError'
              ? 'This link is too long for a QR code. Shorten the body to get one.'
              : 'The QR code could not be created.';
          setState({ href, qr: { status: 'error', message } });
        },
      );
    return () => {
      cancelled = true;
    };
  }, [href]);

  // A new link shows the loading state until its own code is ready.
  const qr: QrState = state.href === href ? state.qr : { status: 'loading' };

  return (
    <section
      aria-labelledby="qr-title"
      className="flex flex-col items-center rounded-lg border bg-background p-4 text-center"
    >
      <h3
        id="qr-title"
        className="flex items-center gap-2 self-start text-sm font-semibold text-foreground"
      >
        <QrCodeIcon className="size-4 text-muted-foreground" aria-hidden="true" />
        QR code
      </h3>
      <div className="mt-3 flex size-44 items-center justify-center">
        {qr.status === 'loading' ? (
          <Skeleton className="size-44" />
        ) : qr.status === 'ready' ? (
          <img
            src={qr.images.pngUrl}
            alt="QR code of the generated mailto link"
            width={176}
            height={176}
            data-testid="qr-code"
            className="size-44 rounded-md bg-white ring-1 ring-border"
          />
        ) : (
          <p role="status" className="text-sm text-muted-foreground">
            {qr.message}
          </p>
        )}
      </div>
      <p className="mt-2 text-xs text-muted-foreground">Scanning it opens the email on a phone.</p>
      {qr.status === 'ready' ? (
        <div className="mt-3 flex flex-wrap justify-center gap-2">
          <Button variant="outline" size="sm" asChild>
            <a href={qr.images.pngUrl} download="mailto-qr.png">
              <DownloadIcon aria-hidden="true" />
              PNG
              <span className="sr-only"> (download the QR code)</span>
            </a>
          </Button>
          <Button variant="outline" size="sm" asChild>
            <a href={qr.images.svgUrl} download="mailto-qr.svg">
              <DownloadIcon aria-hidden="true" />
              SVG
              <span className="sr-only"> (download the QR code)</span>
            </a>
          </Button>
        </div>
      ) : null}
    </section>
  );
}
