import { cn } from '@/lib/cn';
import { initials, type NamedUser } from '@/lib/user';

export interface UserAvatarProps {
  user: NamedUser;
  className?: string;
}

/** Initials in a tinted circle (we store no profile pictures): the same for a user everywhere. */
export function UserAvatar({ user, className }: UserAvatarProps) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/12 text-xs font-semibold text-primary dark:bg-primary/20',
        className,
      )}
    >
      {initials(user)}
    </span>
  );
}
