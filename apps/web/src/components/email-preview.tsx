import { parseMailto, type ParsedMailto } from '@mailtokit/mailto';
import { MailIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface EmailPreviewProps {
  /** A mailto: link; the preview shows what a mail client reads out of it. */
  href: string;
  className?: string;
}

function read(href: string): ParsedMailto | null {
  try {
    return parseMailto(href);
  } catch {
    return null;
  }
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[4rem_1fr] gap-3 border-b px-4 py-2 last:border-b-0 sm:grid-cols-[5rem_1fr]">
      <dt className="text-xs font-medium break-all tracking-wide text-muted-foreground uppercase">
        {label}
      </dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </div>
  );
}

/**
 * The e-mail a mail client opens for `href`, decoded from the link itself (not from the form),
 * so what you see is exactly what the client gets: recipients, subject and a body with its
 * line breaks.
 */
export function EmailPreview({ href, className }: EmailPreviewProps) {
  const mail = read(href);
  if (!mail) return null;
  const extra = Object.entries(mail.headers);
  return (
    <figure
      className={cn('overflow-hidden rounded-lg border bg-background', className)}
      data-testid="email-preview"
    >
      <figcaption className="flex items-center gap-2 border-b bg-muted/60 px-4 py-2.5 text-xs font-medium text-muted-foreground">
        <MailIcon className="size-3.5" aria-hidden="true" />
        What the mail app opens
      </figcaption>
      <dl>
        <Row label="To">
          {mail.to.length ? (
            <span data-testid="preview-to">{mail.to.join(', ')}</span>
          ) : (
            <span className="text-muted-foreground italic">(no recipient)</span>
          )}
        </Row>
        {mail.cc.length ? (
          <Row label="Cc">
            <span data-testid="preview-cc">{mail.cc.join(', ')}</span>
          </Row>
        ) : null}
        {mail.bcc.length ? (
          <Row label="Bcc">
            <span data-testid="preview-bcc">{mail.bcc.join(', ')}</span>
          </Row>
        ) : null}
        <Row label="Subject">
          {mail.subject ? (
            <span data-testid="preview-subject" className="font-medium">
              {mail.subject}
            </span>
          ) : (
            <span className="text-muted-foreground italic">(no subject)</span>
          )}
        </Row>
        {extra.map(([name, value]) => (
          <Row key={name} label={name}>
            {value}
          </Row>
        ))}
      </dl>
      <div
        className="max-h-80 min-h-16 overflow-auto border-t px-4 py-3 text-sm leading-relaxed break-words whitespace-pre-wrap"
        data-testid="preview-body"
      >
        {mail.body || <span className="text-muted-foreground italic">(empty body)</span>}
      </div>
    </figure>
  );
}
