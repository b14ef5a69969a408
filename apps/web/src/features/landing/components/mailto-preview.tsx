import { ArrowDownIcon, CheckIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';

const FIELDS = [
  { label: 'To', value: 'team@example.com' },
  { label: 'Subject', value: 'Q3 report & next steps' },
  { label: 'Body', value: 'Hi team,\nNumbers attached. Café at 3?' },
];

const ENCODED =
  'mailto:team@example.com?subject=Q3%20report%20%26%20next%20steps&body=Hi%20team%2C%0D%0ANumbers%20attached.%20Caf%C3%A9%20at%203%3F';

/** Splits the link so percent-escapes can be highlighted. */
function tokens(link: string): { text: string; escaped: boolean }[] {
  return link
    .split(/(%[0-9A-F]{2})/)
    .filter(Boolean)
    .map((text) => ({ text, escaped: /^%[0-9A-F]{2}$/.test(text) }));
}

/** A static illustration: what you type, and the link MailtoKit builds from it. */
export function MailtoPreview() {
  return (
    <figure
      className="mx-auto w-full max-w-lg lg:max-w-none"
      aria-label="Example of an encoded mailto link"
    >
      <Card className="overflow-hidden shadow-lg shadow-primary/5">
        <div className="flex items-center gap-1.5 border-b bg-muted/60 px-4 py-3">
          <span className="size-2.5 rounded-full bg-foreground/15" />
          <span className="size-2.5 rounded-full bg-foreground/15" />
          <span className="size-2.5 rounded-full bg-foreground/15" />
          <span className="ml-2 text-xs font-medium text-muted-foreground">New link</span>
        </div>
        <dl className="grid gap-3 p-5 text-sm">
          {FIELDS.map((field) => (
            <div key={field.label} className="grid grid-cols-[4.5rem_1fr] gap-3">
              <dt className="pt-0.5 text-xs font-medium tracking-wide text-muted-foreground uppercase">
                {field.label}
              </dt>
              <dd className="rounded-md border bg-background px-3 py-1.5 whitespace-pre-line">
                {field.value}
              </dd>
            </div>
          ))}
        </dl>
        <div className="flex justify-center pb-1 text-muted-foreground" aria-hidden="true">
          <ArrowDownIcon className="size-4" />
        </div>
        <div className="p-5 pt-3">
          <div className="rounded-lg bg-foreground/[0.035] p-4 font-mono text-[12.5px] leading-relaxed break-all ring-1 ring-border dark:bg-background/60">
            {tokens(ENCODED).map((token, i) =>
              token.escaped ? (
                <span key={i} className="rounded-sm bg-primary/10 font-semibold text-primary">
                  {token.text}
                </span>
              ) : (
                <span key={i}>{token.text}</span>
              ),
            )}
          </div>
          <p className="mt-3 flex items-center gap-1.5 text-xs text-muted-foreground">
            <CheckIcon className="size-3.5 text-success" aria-hidden="true" />
            Line breaks become CRLF, “&amp;” and “é” are escaped.
          </p>
        </div>
      </Card>
      <figcaption className="sr-only">
        The fields To, Subject and Body on the left become one encoded mailto link.
      </figcaption>
    </figure>
  );
}
