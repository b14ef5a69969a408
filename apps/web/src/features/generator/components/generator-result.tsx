import {
  buildAnchorSnippet,
  checkLength,
  gmailComposeUrl,
  outlookComposeUrl,
  yahooComposeUrl,
  type MailtoFields,
} from '@mailtokit/mailto';
import {
  BookmarkPlusIcon,
  CodeXmlIcon,
  ExternalLinkIcon,
  MailOpenIcon,
  TriangleAlertIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { useDeferredValue } from 'react';
import { CopyButton } from '@/components/copy-button';
import { EmailPreview } from '@/components/email-preview';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/lib/auth/use-auth';
import { QrCodePanel } from './qr-code-panel';

import { GENERATOR_RESULT_ID, saveLinkPath } from '../lib/generator';

const HTML_COPIED = {
  title: 'HTML copied!',
  description: 'The <a href> snippet has been copied to your clipboard',
};

export interface GeneratorResultProps {
  href: string;
  /** The fields the link was built from (for the web-mail compose links). */
  fields: MailtoFields;
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

/**
 * Save the generated link: a Premium user opens the link form prefilled with it; a visitor
 * signs up first, and registration and sign-in lead to that same prefilled form. A signed-in
 * account without saved links gets nothing here (the link form would only offer Premium).
 */
function SaveLink({ fields }: { fields: MailtoFields }) {
  const { user, isPremium } = useAuth();
  const path = saveLinkPath(fields);
  if (user && !isPremium) return null;
  return (
    <Button variant="outline" asChild>
      <Link
        to={user ? path : `/auth?tab=register&next=${encodeURIComponent(path)}`}
        data-testid="save-generated-link"
      >
        <BookmarkPlusIcon aria-hidden="true" />
        {user ? 'Save link' : 'Sign up to save'}
      </Link>
    </Button>
  );
}

/** The generated link with everything one can do with it. */
export function GeneratorResult({ href, fields }: GeneratorResultProps) {
  const length = checkLength(href);
  // The QR code is drawn again once typing pauses, not at every keystroke.
  const qrHref = useDeferredValue(href);

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
          {length.length.toLocaleString('en-US')} characters, encoded to RFC 6068. It follows the
          fields above as you type.
        </p>
      </CardHeader>
      <CardContent className="grid gap-5 sm:px-8 sm:pb-8">
        <p
          data-testid="generated-link"
          className="max-h-60 overflow-auto rounded-lg bg-muted/70 p-4 font-mono text-[13px] leading-relaxed break-all select-all ring-1 ring-border dark:bg-background/60"
        >
          {href}
        </p>

        <div className="flex flex-wrap gap-2">
          <CopyButton value={href} />
          <CopyButton
            variant="outline"
            value={buildAnchorSnippet(href)}
            label="Copy HTML"
            icon={CodeXmlIcon}
            messages={HTML_COPIED}
          />
          <Button variant="outline" asChild>
            <a href={href} data-testid="open-in-mail-app">
              <MailOpenIcon aria-hidden="true" />
              Open in mail app
            </a>
          </Button>
          <SaveLink fields={fields} />
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
          <QrCodePanel href={qrHref} />
        </div>
      </CardContent>
    </Card>
  );
}
