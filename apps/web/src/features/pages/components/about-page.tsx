import { CodeXmlIcon, HeartHandshakeIcon, PaletteIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const STATS = [
  { value: 'RFC 6068', label: 'The standard every link we build follows' },
  { value: '0', label: 'Third-party trackers or scripts on our pages' },
  { value: '3', label: 'Plans — Free, Premium and Team' },
  { value: '1', label: 'Process to self-host, on SQLite or PostgreSQL' },
];

const TEAM = [
  {
    icon: CodeXmlIcon,
    title: 'Engineering',
    text: 'Builds the encoder, the API and click tracking — and tests them against the standard and real mail clients.',
  },
  {
    icon: PaletteIcon,
    title: 'Design',
    text: 'Keeps the interface calm, fast and accessible, from a 390-pixel phone to a wide monitor, in light and dark.',
  },
  {
    icon: HeartHandshakeIcon,
    title: 'Support',
    text: 'Reads every message sent through the contact form and turns the recurring ones into fixes.',
  },
];

/** /about: our story, a few honest numbers, the team. */
export function AboutPage() {
  return (
    <div>
      <section className="border-b">
        <div className="mx-auto w-full max-w-3xl px-4 py-16 text-center sm:px-6 sm:py-20">
          <p className="text-sm font-semibold text-primary">About MailtoKit</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            Small links, done properly
          </h1>
          <p className="mt-6 text-lg text-pretty text-muted-foreground">
            MailtoKit exists because a mailto link is easy to write and surprisingly easy to get
            wrong.
          </p>
        </div>
      </section>

      <section
        aria-labelledby="story-title"
        className="mx-auto w-full max-w-3xl px-4 py-16 sm:px-6"
      >
        <h2 id="story-title" className="text-2xl font-bold tracking-tight">
          Our story
        </h2>
        <div className="mt-6 grid gap-4 leading-relaxed text-muted-foreground">
          <p>
            It started with a newsletter button that opened an email with half a subject line. The
            subject contained an ampersand, and everything after it was silently dropped. A line
            break in the body did the same to the next campaign, and an accented name turned into
            garbage in another mail client.
          </p>
          <p>
            The fix is well known — encode every part the way RFC 6068 says — but doing it by hand
            every time is tedious and error-prone. So we built a tool that does it for you, and then
            the things people asked for next: a place to keep links, tracking that respects the
            people who click, and a way to share links with a team.
          </p>
          <p>
            MailtoKit is deliberately simple to run: one process, an embedded database to start,
            PostgreSQL when you grow.
          </p>
        </div>
      </section>

      <section aria-labelledby="numbers-title" className="bg-muted/40 dark:bg-card/30">
        <div className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
          <h2 id="numbers-title" className="text-center text-2xl font-bold tracking-tight">
            MailtoKit in numbers
          </h2>
          <dl className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {STATS.map((stat) => (
              <Card key={stat.label} className="flex flex-col-reverse p-6">
                <dt className="mt-2 text-sm text-muted-foreground">{stat.label}</dt>
                <dd className="text-3xl font-bold tracking-tight text-primary">{stat.value}</dd>
              </Card>
            ))}
          </dl>
        </div>
      </section>

      <section
        aria-labelledby="team-title"
        className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8"
      >
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="team-title" className="text-2xl font-bold tracking-tight">
            The team
          </h2>
          <p className="mt-4 text-muted-foreground">
            A small team that cares about details most people never notice — until they break.
          </p>
        </div>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {TEAM.map(({ icon: Icon, title, text }) => (
            <Card key={title}>
              <CardHeader>
                <span className="flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary dark:bg-primary/15">
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
        <div className="mt-12 flex flex-col items-center gap-3 text-center">
          <p className="text-muted-foreground">Something we should know?</p>
          <Button asChild variant="outline">
            <Link to="/contact">Get in touch</Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
