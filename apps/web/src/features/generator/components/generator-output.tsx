import { MailIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { LiveLink } from '../lib/generator';

// The result (copy, snippet, QR, web mail, preview) loads when someone starts filling in the
// form, so the page's first load carries only the form.
export const loadResult = () => import('./generator-result');
const GeneratorResult = lazy(() => loadResult().then((m) => ({ default: m.GeneratorResult })));

export interface GeneratorOutputProps {
  /** The link the fields make now; null while a field is invalid. */
  link: LiveLink | null;
  /** Something was typed or Generate was pressed (an untouched form shows nothing here). */
  started: boolean;
}

/**
 * Under the generator: the link of the fields as they are, or, while they make no valid link,
 * a note saying so in its place — never an older link.
 */
export function GeneratorOutput({ link, started }: GeneratorOutputProps) {
  if (link)
    return (
      <Suspense fallback={null}>
        <GeneratorResult href={link.href} fields={link.fields} />
      </Suspense>
    );
  if (!started) return null;
  return (
    <div
      role="status"
      data-testid="generator-no-link"
      className="flex items-start gap-3 rounded-xl border border-dashed bg-background/60 p-5 text-sm text-muted-foreground"
    >
      <MailIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p>
        Your link appears here as soon as <strong className="text-foreground">To</strong> holds a
        valid address (and CC and BCC, when filled in, only valid addresses).
      </p>
    </div>
  );
}
