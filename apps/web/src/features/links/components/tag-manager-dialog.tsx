import { TAG_COLORS, type Tag, type TagColor } from '@mailtokit/contracts/tags';
import { Trash2Icon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { errorMessage } from '@/lib/errors';
import { toastError } from '@/lib/toast';
import { useTagMutations, useTags } from '../api/tags';
import { TAG_COLOR_LABEL } from '../lib/tag-colors';
import { TagChip } from './tag-chip';

function ColorSelect({
  value,
  onChange,
  label,
}: {
  value: TagColor;
  onChange: (color: TagColor) => void;
  label: string;
}) {
  return (
    <NativeSelect
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as TagColor)}
      className="w-28"
    >
      {TAG_COLORS.map((c) => (
        <option key={c} value={c}>
          {TAG_COLOR_LABEL[c]}
        </option>
      ))}
    </NativeSelect>
  );
}

/** One tag: rename (on Enter or leaving the field), recolour (at once), delete. */
function TagRow({ tag }: { tag: Tag }) {
  const { update, remove } = useTagMutations();
  const [name, setName] = useState(tag.name);
  const rename = async () => {
    const next = name.trim();
    if (next === '' || next === tag.name) {
      setName(tag.name);
      return;
    }
    try {
      await update.mutateAsync({ id: tag.id, patch: { name: next } });
    } catch (error) {
      setName(tag.name);
      toastError(error, 'Could not rename the tag');
    }
  };
  return (
    <li className="flex flex-wrap items-center gap-2" data-testid="tag-row">
      <TagChip tag={{ name, color: tag.color }} className="hidden sm:inline-flex" />
      <Input
        aria-label={`Name of tag ${tag.name}`}
        value={name}
        maxLength={32}
        className="h-8 min-w-0 flex-1"
        onChange={(e) => setName(e.target.value)}
        onBlur={() => void rename()}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void rename();
          }
        }}
      />
      <ColorSelect
        label={`Colour of tag ${tag.name}`}
        value={tag.color}
        onChange={(color) =>
          void update
            .mutateAsync({ id: tag.id, patch: { color } })
            .catch((error: unknown) => toastError(error, 'Could not recolour the tag'))
        }
      />
      <span className="w-16 text-xs text-muted-foreground tabular-nums">
        {tag.linkCount === 1 ? '1 link' : `${tag.linkCount} links`}
      </span>
      <Button
        size="icon"
        variant="ghost"
        className="size-8 text-destructive"
        aria-label={`Delete tag ${tag.name}`}
        disabled={remove.isPending}
        onClick={() =>
          void remove
            .mutateAsync(tag.id)
            .catch((error: unknown) => toastError(error, 'Could not delete the tag'))
        }
      >
        <Trash2Icon aria-hidden="true" />
      </Button>
    </li>
  );
}

/**
 * The user's tags in a dialog: create one (name and colour), rename, recolour or delete the
 * others. Deleting a tag takes it off its links; nothing else changes.
 */
export function TagManagerDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const tags = useTags(open);
  const { create } = useTagMutations();
  const [name, setName] = useState('');
  const [color, setColor] = useState<TagColor>('gray');
  const [problem, setProblem] = useState('');
  const nameId = useId();
  const problemId = useId();

  const onCreate = async (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() === '') {
      setProblem('Tag name is required');
      return;
    }
    try {
      await create.mutateAsync({ name: name.trim(), color });
      setName('');
      setProblem('');
    } catch (error) {
      setProblem(errorMessage(error) || 'Could not create the tag');
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Manage tags</DialogTitle>
          <DialogDescription>
            Tags mark your links: filter the list by one, or tag many links at once from the
            selection bar. Up to 100 tags, 10 per link.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-1.5" onSubmit={(e) => void onCreate(e)} noValidate>
          <Label htmlFor={nameId}>New tag</Label>
          <div className="flex flex-wrap gap-2">
            <Input
              id={nameId}
              value={name}
              maxLength={32}
              className="h-9 min-w-0 flex-1"
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? problemId : undefined}
              onChange={(e) => {
                setName(e.target.value);
                setProblem('');
              }}
            />
            <ColorSelect label="Colour of the new tag" value={color} onChange={setColor} />
            <Button type="submit" disabled={create.isPending}>
              Create tag
            </Button>
          </div>
          {problem ? (
            <p id={problemId} className="text-sm text-destructive">
              {problem}
            </p>
          ) : null}
        </form>
        {tags.isPending ? (
          <p className="text-sm text-muted-foreground">Loading tags…</p>
        ) : tags.isError ? (
          <p className="text-sm text-destructive">Could not load your tags.</p>
        ) : tags.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No tags yet.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Your tags">
            {tags.data.map((tag) => (
              <TagRow key={`${tag.id}-${tag.name}`} tag={tag} />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
