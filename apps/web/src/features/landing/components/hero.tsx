import { ArrowDownIcon, ArrowRightIcon, ShieldCheckIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { scrollToId } from '@/lib/scroll';
import { MailtoPreview } from './mailto-preview';

/** Both hero buttons smooth-scroll to the generator. */
const goToGenerator = () => {
  scrollToId('generator');
};

export function Hero() {
  return (
    <section className="relative overflow-hidden border-b">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_70%_60%_at_50%_-10%,color-mix(in_oklch,var(--color-primary)_14%,transparent),transparent)]"
      />
      <div className="relative mx-auto grid w-full max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[1.05fr_1fr] lg:gap-16 lg:px-8 lg:py-28">
        <div className="text-center lg:text-left">
          <Badge variant="soft" className="px-3 py-1 text-[13px] font-medium">
            <ShieldCheckIcon aria-hidden="true" className="!size-3.5" />
            Encoded to RFC 6068, every time
          </Badge>
          <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Create perfect mailto links in seconds
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg text-pretty text-muted-foreground lg:mx-0">
            Subjects with ampersands, bodies with line breaks, accents and emoji — MailtoKit encodes
            them so every mail client opens exactly what you wrote. Save your links, share them with
            your team and see who clicks.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <Button size="lg" onClick={goToGenerator}>
              Get started free
              <ArrowRightIcon aria-hidden="true" />
            </Button>
            <Button size="lg" variant="outline" onClick={goToGenerator}>
              Try the generator
              <ArrowDownIcon aria-hidden="true" />
            </Button>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">
            No account needed to generate a link.
          </p>
        </div>
        <MailtoPreview />
      </div>
    </section>
  );
}
