import {
  ClipboardCopyIcon,
  MailIcon,
  QrCodeIcon,
  SparklesIcon,
  UsersRoundIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const COMING = [
  { icon: UsersRoundIcon, text: 'To, CC and BCC with several recipients, checked as you type' },
  { icon: MailIcon, text: 'Subject and body with line breaks, accents and emoji' },
  { icon: ClipboardCopyIcon, text: 'Copy the link, open it in your mail app or share it' },
  { icon: QrCodeIcon, text: 'A QR code of the link, and import of an existing mailto link' },
];

/**
 * The #generator anchor of the home page. For now it announces the generator, which ships in
 * the next release (and replaces this component).
 */
export function GeneratorSection() {
  return (
    <section
      id="generator"
      tabIndex={-1}
      aria-labelledby="generator-title"
      className="bg-muted/40 outline-none dark:bg-card/30"
    >
      <div className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="generator-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Mailto Link Generator
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            Fill in the fields, get a link that opens exactly the e-mail you meant.
          </p>
        </div>
        <Card className="mx-auto mt-10 max-w-3xl">
          <CardHeader className="gap-3 sm:p-8 sm:pb-4">
            <Badge variant="soft" className="w-fit">
              <SparklesIcon aria-hidden="true" />
              Coming next
            </Badge>
            <CardTitle className="text-xl">The generator arrives in the next release</CardTitle>
            <CardDescription className="text-base">
              We are putting the finishing touches on it. Here is what it will do:
            </CardDescription>
          </CardHeader>
          <CardContent className="sm:px-8 sm:pb-8">
            <ul className="grid gap-4 sm:grid-cols-2">
              {COMING.map(({ icon: Icon, text }) => (
                <li key={text} className="flex gap-3 text-sm">
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary dark:bg-primary/15">
                    <Icon className="size-4" aria-hidden="true" />
                  </span>
                  <span className="pt-1.5">{text}</span>
                </li>
              ))}
            </ul>
            <div className="mt-8 flex flex-col gap-3 border-t pt-6 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-muted-foreground">
                Create an account now and your dashboard will be ready for it.
              </p>
              <Button variant="outline" asChild className="shrink-0">
                <Link to="/auth?tab=register">Create a free account</Link>
              </Button>
            </div>
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
