import {
  LINK_CSV_COLUMNS,
  LINK_IMPORT_MAX_BYTES,
  LINK_IMPORT_MAX_ROWS,
  type LinkImportRow,
} from '@mailtokit/contracts/links';
import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PendingLabel } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import type { DeferredDialogProps } from '@/lib/use-deferred-dialog';
import { useImportDryRun, useImportLinks, type ImportOutcome } from '../api/import-links';

const MAX_MB = LINK_IMPORT_MAX_BYTES / 1024 / 1024;
const plural = (n: number, one: string) => `${n.toLocaleString('en')} ${n === 1 ? one : `${one}s`}`;

/** The first rows of the file as the server read them. */
function Preview({ rows, invalid }: { rows: LinkImportRow[]; invalid: Set<number> }) {
  if (rows.length === 0) return null;
  return (
    <div className="max-h-56 overflow-auto rounded-md border">
      <table className="w-full text-left text-xs">
        <caption className="sr-only">First rows of the file</caption>
        <thead className="bg-muted/60 text-muted-foreground">
          <tr>
            <th scope="col" className="px-2 py-1.5 font-medium">
              Row
            </th>
            <th scope="col" className="px-2 py-1.5 font-medium">
              Name
            </th>
            <th scope="col" className="px-2 py-1.5 font-medium">
              To
            </th>
            <th scope="col" className="hidden px-2 py-1.5 font-medium sm:table-cell">
              Subject
            </th>
            <th scope="col" className="px-2 py-1.5 font-medium">
              Team
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.row}
              className={invalid.has(r.row) ? 'bg-destructive/10' : 'border-t'}
              data-testid="import-preview-row"
            >
              <td className="px-2 py-1.5 tabular-nums">{r.row}</td>
              <td className="max-w-32 truncate px-2 py-1.5">{r.name}</td>
              <td className="max-w-40 truncate px-2 py-1.5">{r.to}</td>
              <td className="hidden max-w-40 truncate px-2 py-1.5 sm:table-cell">{r.subject}</td>
              <td className="max-w-24 truncate px-2 py-1.5">{r.team}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Check({ outcome }: { outcome: ImportOutcome }) {
  if (outcome.ok)
    return (
      <>
        <Alert>
          <CircleCheckIcon aria-hidden="true" />
          <AlertTitle>{plural(outcome.result.rows, 'link')} ready to import</AlertTitle>
          <AlertDescription>Every row is valid. Nothing has been saved yet.</AlertDescription>
        </Alert>
        <Preview rows={outcome.result.preview} invalid={new Set()} />
      </>
    );
  const { invalid } = outcome;
  return (
    <>
      <Alert variant="destructive" data-testid="import-errors">
        <CircleAlertIcon aria-hidden="true" />
        <AlertTitle>
          {invalid.invalidCount === 1
            ? '1 row needs fixing'
            : `${invalid.invalidCount.toLocaleString('en')} rows need fixing`}
          {' — nothing was imported'}
        </AlertTitle>
        <AlertDescription>
          <ul className="mt-1 max-h-40 list-none overflow-auto">
            {invalid.rows.map((r) => (
              <li key={r.row}>
                <strong>Row {r.row}:</strong>{' '}
                {Object.entries(r.errors)
                  .map(([column, message]) => `${column}: ${message}`)
                  .join('; ')}
              </li>
            ))}
          </ul>
          {invalid.invalidCount > invalid.rows.length ? (
            <p>and {invalid.invalidCount - invalid.rows.length} more.</p>
          ) : null}
          <p className="mt-1">Fix the file, then choose it again.</p>
        </AlertDescription>
      </Alert>
      <Preview rows={invalid.preview} invalid={new Set(invalid.rows.map((r) => r.row))} />
    </>
  );
}

/**
 * 'Import CSV': choose a file, see its first rows and every invalid row (a dry run on the
 * server, nothing written), then import all of it in one go.
 */
export function ImportCsvDialog({
  open,
  onOpenChange: setOpen,
  returnFocusTo,
}: DeferredDialogProps) {
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const check = useImportDryRun();
  const importLinks = useImportLinks();
  const inputId = useId();

  const reset = () => {
    setFile(null);
    setProblem(null);
    check.reset();
    importLinks.reset();
  };

  const onFile = async (chosen: File | undefined) => {
    reset();
    if (!chosen) return;
    if (chosen.size > LINK_IMPORT_MAX_BYTES) {
      setProblem(`This file is larger than ${MAX_MB} MB.`);
      return;
    }
    const text = await chosen.text();
    setFile({ name: chosen.name, text });
    check.mutate(text, { onError: (error) => setProblem(errorMessage(error)) });
  };

  const onImport = () => {
    if (!file) return;
    importLinks.mutate(file.text, {
      onSuccess: (outcome) => {
        if (!outcome.ok) return;
        setOpen(false);
        reset();
        toast({
          title: 'Links imported',
          description: `${plural(outcome.result.created, 'link')} added to your list.`,
        });
      },
      onError: (error) => setProblem(errorMessage(error)),
    });
  };

  const outcome = importLinks.data && !importLinks.data.ok ? importLinks.data : check.data;
  const ready = outcome?.ok === true && !importLinks.isPending;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogContent
        className="sm:max-w-2xl"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Import links from CSV</DialogTitle>
          <DialogDescription>
            A CSV file (UTF-8, up to {MAX_MB} MB and {LINK_IMPORT_MAX_ROWS.toLocaleString('en')}{' '}
            links) with the header <code>{LINK_CSV_COLUMNS.join(',')}</code>: name and to are
            required; team names one of your teams. The file is checked first; nothing is saved
            until you import.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={inputId}>CSV file</Label>
          <Input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
        </div>
        <div className="grid gap-3" aria-live="polite">
          {check.isPending ? <p className="text-sm text-muted-foreground">Checking…</p> : null}
          {problem ? (
            <Alert variant="destructive">
              <CircleAlertIcon aria-hidden="true" />
              <AlertTitle>This file cannot be imported</AlertTitle>
              <AlertDescription>{problem}</AlertDescription>
            </Alert>
          ) : outcome ? (
            <Check outcome={outcome} />
          ) : null}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button disabled={!ready} onClick={onImport}>
            <PendingLabel
              pending={importLinks.isPending}
              label={outcome?.ok ? `Import ${plural(outcome.result.rows, 'link')}` : 'Import'}
              pendingLabel="Importing…"
            />
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
