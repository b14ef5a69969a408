import type { ListedMailtoLink } from '@mailtokit/contracts/links';
import type { BulkAction } from '@mailtokit/contracts/tags';
import {
  ArchiveIcon,
  ArchiveRestoreIcon,
  DownloadIcon,
  LockIcon,
  TagIcon,
  Trash2Icon,
  UsersRoundIcon,
  XIcon,
} from 'lucide-react';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast, toastError } from '@/lib/toast';
import { UNDO_TOAST_MS, useArchiveWithUndo } from '../api/archive-link';
import { exportSelectedHref, useBulkLinks } from '../api/bulk-links';
import { useDeleteWithUndo } from '../api/delete-link';
import type { ShareTeam } from '../api/get-share-teams';
import { useTags } from '../api/tags';
import { bulkSummary, linksOf } from '../lib/bulk';

export interface SelectionBarProps {
  /** The chosen links (of the page on screen). */
  selected: readonly ListedMailtoLink[];
  /** The list shows archived links: Restore instead of Archive. */
  archivedView: boolean;
  teams: readonly ShareTeam[];
  onClear: () => void;
}

/**
 * The bar under the list while links are chosen: how many, and what to do with all of them at
 * once (archive or restore, delete after a confirmation, export as CSV, share with a team or
 * make private, add or remove a tag). Archive, restore and delete end with a toast with Undo,
 * as for one link: a deletion waits for its Undo time before it is sent. It sticks to the
 * bottom of the screen, above the toasts.
 */
export function SelectionBar({ selected, archivedView, teams, onClear }: SelectionBarProps) {
  const bulk = useBulkLinks();
  const archive = useArchiveWithUndo();
  const scheduleDelete = useDeleteWithUndo();
  const [confirming, setConfirming] = useState(false);
  const [tagging, setTagging] = useState(false);
  const [tagName, setTagName] = useState('');
  const tagInputId = useId();
  const tagListId = useId();
  const tags = useTags(tagging);
  const ids = selected.map((l) => l.id);
  const count = selected.length;
  const tracked = selected.filter((l) => l.trackingLinkCount > 0);

  const setArchived = async (on: boolean) => {
    if (await archive.run(selected, on)) onClear();
  };

  const remove = () => {
    const { undo } = scheduleDelete(ids, (failure) => {
      if ('error' in failure) {
        toastError(failure.error, 'Could not delete the links');
        return;
      }
      const summary = bulkSummary(failure.result);
      toast({ variant: 'destructive', title: summary.title, description: summary.description });
    });
    toast({
      title: `${linksOf(count)} deleted`,
      description: count === 1 ? `“${selected[0]?.name ?? ''}” was deleted.` : undefined,
      duration: UNDO_TOAST_MS,
      action: { label: 'Undo', onClick: undo },
    });
    // The rows are out of sight until the deletion is sent: nothing is chosen any more.
    onClear();
  };

  const run = async (
    action: Exclude<BulkAction, 'archive' | 'restore' | 'delete'>,
    extra: { teamId?: number; tag?: string } = {},
  ) => {
    try {
      const result = await bulk.mutateAsync({ ids, action, ...extra });
      const summary = bulkSummary(result);
      toast({
        variant: result.succeeded === 0 ? 'destructive' : 'default',
        title: summary.title,
        description: summary.description,
      });
      if (result.failed === 0) onClear();
    } catch (error) {
      toastError(error, 'Could not change the links');
    }
  };

  return (
    <div
      role="region"
      aria-label="Selected links"
      className="sticky bottom-[calc(0.5rem+var(--toast-stack-height,0px))] z-20 flex flex-wrap items-center gap-1.5 rounded-lg border bg-card p-2 text-card-foreground shadow-lg"
      data-testid="selection-bar"
    >
      <p className="mr-auto px-1 text-sm font-medium" aria-live="polite">
        {linksOf(count)} selected
      </p>
      {archivedView ? (
        <Button
          size="sm"
          variant="outline"
          disabled={archive.pending}
          onClick={() => void setArchived(false)}
        >
          <ArchiveRestoreIcon aria-hidden="true" />
          Restore
        </Button>
      ) : (
        <Button
          size="sm"
          variant="outline"
          disabled={archive.pending}
          onClick={() => void setArchived(true)}
        >
          <ArchiveIcon aria-hidden="true" />
          Archive
        </Button>
      )}
      <Button size="sm" variant="outline" asChild>
        <a href={exportSelectedHref(ids)} download>
          <DownloadIcon aria-hidden="true" />
          Export CSV
        </a>
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button size="sm" variant="outline" disabled={bulk.isPending}>
            <UsersRoundIcon aria-hidden="true" />
            Share
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {teams.length > 0 ? <DropdownMenuLabel>Share with a team</DropdownMenuLabel> : null}
          {teams.map((team) => (
            <DropdownMenuItem key={team.id} onSelect={() => void run('share', { teamId: team.id })}>
              <UsersRoundIcon aria-hidden="true" />
              <span className="max-w-56 truncate">{team.name}</span>
            </DropdownMenuItem>
          ))}
          {teams.length > 0 ? <DropdownMenuSeparator /> : null}
          <DropdownMenuItem onSelect={() => void run('unshare')}>
            <LockIcon aria-hidden="true" />
            Make private
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Button
        size="sm"
        variant="outline"
        disabled={bulk.isPending}
        onClick={() => setTagging(true)}
      >
        <TagIcon aria-hidden="true" />
        Tag
      </Button>
      <Button
        size="sm"
        variant="outline"
        className="text-destructive"
        disabled={bulk.isPending}
        onClick={() => setConfirming(true)}
      >
        <Trash2Icon aria-hidden="true" />
        Delete
      </Button>
      <Button
        size="icon"
        variant="ghost"
        className="size-8"
        aria-label="Clear selection"
        onClick={onClear}
      >
        <XIcon aria-hidden="true" />
      </Button>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${linksOf(count)}?`}
        description={
          tracked.length > 0
            ? `${linksOf(tracked.length)} of them ${tracked.length === 1 ? 'has' : 'have'} tracking links: their addresses will stop redirecting (printed QR codes and sent emails break) and their clicks will be lost. Archive keeps them working.`
            : count === 1
              ? 'The link will be deleted.'
              : 'The links will be deleted.'
        }
        confirmLabel={`Delete ${linksOf(count)}`}
        destructive
        extraAction={
          archivedView ? undefined : (
            <Button
              variant="outline"
              onClick={() => {
                setConfirming(false);
                void setArchived(true);
              }}
            >
              <ArchiveIcon aria-hidden="true" />
              Archive instead
            </Button>
          )
        }
        onConfirm={() => {
          setConfirming(false);
          remove();
        }}
      />

      <ConfirmDialog
        open={tagging}
        onOpenChange={(open) => {
          setTagging(open);
          if (!open) setTagName('');
        }}
        title={`Tag ${linksOf(count)}`}
        description="Add a tag to the chosen links (a new name creates the tag), or remove one from them. Only links you wrote can be tagged."
        confirmLabel="Add tag"
        confirmDisabled={tagName.trim() === ''}
        extraAction={
          <Button
            variant="outline"
            disabled={tagName.trim() === ''}
            onClick={() => {
              setTagging(false);
              void run('untag', { tag: tagName.trim() }).then(() => setTagName(''));
            }}
          >
            Remove tag
          </Button>
        }
        onConfirm={async () => {
          setTagging(false);
          await run('tag', { tag: tagName.trim() });
          setTagName('');
        }}
      >
        <div className="grid gap-1.5">
          <Label htmlFor={tagInputId}>Tag name</Label>
          <Input
            id={tagInputId}
            list={tagListId}
            value={tagName}
            maxLength={32}
            autoComplete="off"
            onChange={(e) => setTagName(e.target.value)}
          />
          <datalist id={tagListId}>
            {(tags.data ?? []).map((tag) => (
              <option key={tag.id} value={tag.name} />
            ))}
          </datalist>
        </div>
      </ConfirmDialog>
    </div>
  );
}
