import { teamPermissions, type Team, type TeamMember } from '@mailtokit/contracts/teams';
import { UserMinusIcon } from 'lucide-react';
import { UserAvatar } from '@/components/user-avatar';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { fullName } from '@/lib/user';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { MemberRoleSelect, type RoleChanges } from './member-role-select';
import { TeamRoleBadge } from './team-role-badge';

export interface MembersTableProps {
  team: Pick<Team, 'id' | 'name' | 'currentUserId' | 'currentUserRole'>;
  members: TeamMember[];
  onRemove: (member: TeamMember) => void;
  /** The owner's role changes (see useRoleChanges). */
  roles: Omit<RoleChanges, 'transferDialog'>;
}

/**
 * Columns User, Role, Actions. The owner changes other members' roles inline
 * and removes anyone but themselves; admins remove plain members; plain members only read
 * (no Actions column).
 */
export function MembersTable({ team, members, onRemove, roles }: MembersTableProps) {
  const permissions = teamPermissions(team.currentUserRole);
  const showActions = permissions.canAddMembers;
  return (
    <Table aria-label={`Members of ${team.name}`}>
      <TableHeader>
        <TableRow className="hover:bg-transparent dark:hover:bg-transparent">
          <TableHead>User</TableHead>
          <TableHead>Role</TableHead>
          {showActions ? (
            <TableHead className="text-right">
              {/* Phones: the column holds icon buttons; the word would only widen it. */}
              <span className="max-sm:sr-only">Actions</span>
            </TableHead>
          ) : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {members.map((member) => {
          const isSelf = member.userId === team.currentUserId;
          const { username, email } = member.user;
          const name = fullName(member.user);
          const canEditRole = permissions.canChangeRoles && !isSelf && member.role !== 'OWNER';
          const canRemove = !isSelf && permissions.canRemove(member.role);
          return (
            <TableRow key={member.userId} data-testid="team-member-row">
              <TableCell>
                <div className="flex min-w-0 items-center gap-3">
                  <UserAvatar user={member.user} className="hidden size-9 sm:inline-flex" />
                  <div className="max-w-[9rem] min-w-0 sm:max-w-xs">
                    <p className="truncate font-medium" title={name}>
                      {name}
                      {isSelf ? (
                        <span className="font-normal text-muted-foreground"> (you)</span>
                      ) : null}
                    </p>
                    <p
                      className="truncate text-xs text-muted-foreground"
                      title={email ? `@${username} · ${email}` : `@${username}`}
                    >
                      @{username}
                      {email ? ` · ${email}` : ''}
                    </p>
                  </div>
                </div>
              </TableCell>
              <TableCell>
                {canEditRole ? (
                  <MemberRoleSelect
                    member={member}
                    saving={roles.saving?.userId === member.userId ? roles.saving.role : null}
                    disabled={roles.busy}
                    onChange={(role) => roles.changeRole(member, role)}
                  />
                ) : (
                  <TeamRoleBadge role={member.role} />
                )}
              </TableCell>
              {showActions ? (
                <TableCell className="text-right">
                  {canRemove ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-destructive hover:bg-destructive/10 hover:text-destructive max-sm:size-9 max-sm:px-0"
                      aria-label={`Remove ${username}`}
                      onClick={() => onRemove(member)}
                    >
                      <UserMinusIcon aria-hidden="true" />
                      <span className="max-sm:sr-only">Remove</span>
                    </Button>
                  ) : (
                    <>
                      <span className="text-muted-foreground" aria-hidden="true">
                        —
                      </span>
                      <span className="sr-only">No actions</span>
                    </>
                  )}
                </TableCell>
              ) : null}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

export function MembersTableSkeleton() {
  return (
    <div role="status" aria-label="Loading team members" className="grid gap-0">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-3 border-b px-4 py-3 last:border-0 sm:px-6">
          <Skeleton className="size-9 rounded-full" />
          <div className="grid flex-1 gap-1.5">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-3 w-40" />
          </div>
          <Skeleton className="h-6 w-20 rounded-full" />
        </div>
      ))}
    </div>
  );
}
