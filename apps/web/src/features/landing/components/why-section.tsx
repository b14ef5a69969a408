import { BadgeCheckIcon, ChartNoAxesColumnIcon, UsersRoundIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const REASONS = [
  {
    icon: BadgeCheckIcon,
    title: 'Perfect links',
    text: 'Every address and parameter is encoded to RFC 6068, so ampersands, question marks, line breaks and non-English text survive every mail client.',
  },
  {
    icon: ChartNoAxesColumnIcon,
    title: 'Track performance',
    text: 'Turn a saved link into a tracking link and see clicks, unique visitors, referrers and devices — without storing anyone’s IP address.',
  },
  {
    icon: UsersRoundIcon,
    title: 'Team collaboration',
    text: 'Share links with your team, with owner, admin and member roles, so everyone sends the same well-formed email.',
  },
];

export function WhySection() {
  return (
    <section aria-labelledby="why-title" className="border-t">
      <div className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="why-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Why use MailtoKit
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            A mailto link looks simple until a subject contains an ampersand. We sweat the details.
          </p>
        </div>
        <div className="mt-12 grid gap-6 md:grid-cols-3">
          {REASONS.map(({ icon: Icon, title, text }) => (
            <Card key={title} className="transition-shadow hover:shadow-md">
              <CardHeader>
                <span className="flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary dark:bg-primary/15">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <CardTitle className="mt-3">{title}</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="text-sm leading-relaxed text-muted-foreground">{text}</p>
              </CardContent>
            </Card>
          ))}
        </div>
      </div>
    </section>
  );
}
