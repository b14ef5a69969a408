import { opensPageInsteadOfRedirect } from '@mailtokit/contracts/tracking-redirect';
import { MailOpenIcon } from 'lucide-react';
import { EmailPreview } from '@/components/email-preview';
import { LongLinkNote } from '@/components/long-link-note';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** Under the link form: the link its fields make. `saved`: it may get tracking links. */
export function LinkFormPreview({ href, saved }: { href: string; saved: boolean }) {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle as="h2" className="text-base">
          Preview
        </CardTitle>
        <CardDescription>The link these fields make, updated as you type.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p
          data-testid="link-preview"
          className="max-h-48 overflow-auto rounded-lg bg-muted/70 p-3 font-mono text-[13px] leading-relaxed break-all ring-1 ring-border dark:bg-background/60"
        >
          {href}
        </p>
        {saved && opensPageInsteadOfRedirect(href) ? <LongLinkNote /> : null}
        <EmailPreview href={href} />
        <Button variant="outline" asChild className="justify-self-start">
          <a href={href}>
            <MailOpenIcon aria-hidden="true" />
            Open in mail app
          </a>
        </Button>
      </CardContent>
    </Card>
  );
}
