import type { TeamRole } from '@mailtokit/contracts/teams';
import { CrownIcon, ShieldIcon, UserRoundIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { ROLE_LABELS } from '../lib/roles';

const ROLE_STYLE = {
  OWNER: { variant: 'default', icon: CrownIcon },
  ADMIN: { variant: 'soft', icon: ShieldIcon },
  MEMBER: { variant: 'secondary', icon: UserRoundIcon },
} as const;

/** 'Owner', 'Admin' or 'Member', with an icon. */
export function TeamRoleBadge({ role, className }: { role: TeamRole; className?: string }) {
  const { variant, icon: Icon } = ROLE_STYLE[role];
  return (
    <Badge variant={variant} className={cn('w-fit', className)}>
      <Icon aria-hidden="true" />
      {ROLE_LABELS[role]}
    </Badge>
  );
}
