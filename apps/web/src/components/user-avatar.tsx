import { cn } from '@/lib/cn';

export interface UserAvatarProps {
  name: string;
  className?: string;
}

/** Initials in a tinted circle (we store no profile pictures). */
export function UserAvatar({ name, className }: UserAvatarProps) {
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase() ?? '')
      .join('') || '?';
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/12 text-xs font-semibold text-primary dark:bg-primary/20',
        className,
      )}
    >
      {initials}
    </span>
  );
}
