import {
  buildAnchorSnippet,
  checkLength,
  gmailComposeUrl,
  outlookComposeUrl,
  yahooComposeUrl,
  type MailtoFields,
} from '@mailtokit/mailto';
import {
  CheckIcon,
  CodeXmlIcon,
  CopyIcon,
  ExternalLinkIcon,
  MailOpenIcon,
  TriangleAlertIcon,
} from 'lucide-react';
import { EmailPreview } from '@/components/email-preview';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useCopy } from '@/lib/clipboard';
import { QrCodePanel } from './qr-code-panel';

import { GENERATOR_RESULT_ID } from '../lib/generator';

const HTML_COPIED = {
  title: 'HTML copied!',
  description: 'The <a href> snippet has been copied to your clipboard',
};

export interface GeneratorResultProps {
  href: string;
  /** The fields the link was built from (for the web-mail compose links). */
  fields: MailtoFields;
  /** The form changed since the link was generated. */
  stale: boolean;
}

function WebMailLink({ href, children }: { href: string; children: string }) {
  return (
    <Button variant="outline" size="sm" asChild>
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
        <ExternalLinkIcon aria-hidden="true" />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </Button>
  );
}

/** The generated link with everything one can do with it. */
export function GeneratorResult({ href, fields, stale }: GeneratorResultProps) {
  const linkCopy = useCopy();
  const htmlCopy = useCopy(HTML_COPIED);
  const length = checkLength(href);

  return (
    <Card
      id={GENERATOR_RESULT_ID}
      tabIndex={-1}
      aria-labelledby="generator-result-title"
      className="scroll-mt-24 outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <CardHeader className="gap-1 sm:px-8 sm:pt-7">
        <CardTitle as="h3" id="generator-result-title" className="text-xl">
          Your mailto link
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          {length.length.toLocaleString('en-US')} characters, encoded to RFC 6068.
        </p>
      </CardHeader>
      <CardContent className="grid gap-5 sm:px-8 sm:pb-8">
        {stale ? (
          <p role="status" className="text-sm font-medium text-muted-foreground">
            The form has changed since this link was generated. Press Generate to update it.
          </p>
        ) : null}
        <p
          data-testid="generated-link"
          className="max-h-60 overflow-auto rounded-lg bg-muted/70 p-4 font-mono text-[13px] leading-relaxed break-all select-all ring-1 ring-border dark:bg-background/60"
        >
          {href}
        </p>

        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void linkCopy.copy(href)}>
            {linkCopy.copied ? (
              <>
                <CheckIcon aria-hidden="true" />
                Copied!
              </>
            ) : (
              <>
                <CopyIcon aria-hidden="true" />
                Copy
              </>
            )}
          </Button>
          <Button variant="outline" onClick={() => void htmlCopy.copy(buildAnchorSnippet(href))}>
            {htmlCopy.copied ? (
              <CheckIcon aria-hidden="true" />
            ) : (
              <CodeXmlIcon aria-hidden="true" />
            )}
            {htmlCopy.copied ? 'Copied!' : 'Copy HTML'}
          </Button>
          <Button variant="outline" asChild>
            <a href={href} data-testid="open-in-mail-app">
              <MailOpenIcon aria-hidden="true" />
              Open in mail app
            </a>
          </Button>
        </div>

        <div className="flex flex-wrap items-center gap-2">
          <span className="mr-1 text-sm text-muted-foreground">Open in web mail:</span>
          <WebMailLink href={gmailComposeUrl(fields)}>Gmail</WebMailLink>
          <WebMailLink href={outlookComposeUrl(fields)}>Outlook</WebMailLink>
          <WebMailLink href={yahooComposeUrl(fields)}>Yahoo</WebMailLink>
        </div>

        {length.message ? (
          <Alert variant="destructive" data-testid="length-warning">
            <TriangleAlertIcon aria-hidden="true" />
            <AlertTitle>Long link</AlertTitle>
            <AlertDescription>{length.message}</AlertDescription>
          </Alert>
        ) : null}

        <div className="grid gap-5 lg:grid-cols-[1fr_auto]">
          <EmailPreview href={href} />
          <QrCodePanel href={href} />
        </div>
      </CardContent>
    </Card>
  );
}
