import { MailIcon } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';

/** Envelope mark + product name, linking home. */
export function Logo({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      className={cn(
        'inline-flex items-center gap-2 rounded-md text-base font-semibold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
        className,
      )}
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm">
        <MailIcon className="size-[18px]" aria-hidden="true" />
      </span>
      <span>MailtoKit</span>
    </Link>
  );
}
