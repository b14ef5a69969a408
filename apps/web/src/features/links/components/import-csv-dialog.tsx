import {
  LINK_CSV_COLUMNS,
  LINK_IMPORT_MAX_BYTES,
  LINK_IMPORT_MAX_ROWS,
  type LinkImportResult,
  type LinkImportRow,
  type LinkImportRowError,
} from '@mailtokit/contracts/links';
import { CircleAlertIcon, CircleCheckIcon, DownloadIcon, UploadIcon } from 'lucide-react';
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
import { cn } from '@/lib/cn';
import { downloadText } from '@/lib/download';
import { errorMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import type { DeferredDialogProps } from '@/lib/use-deferred-dialog';
import { useImportDryRun, useImportLinks, type ImportOutcome } from '../api/import-links';
import { importErrorsCsv, importTemplateCsv } from '../lib/import-csv';

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

/** The skipped rows, their problems and the CSV of them to download. */
function SkippedRows({
  rows,
  total,
  title,
  footer,
  variant,
}: {
  rows: LinkImportRowError[];
  total: number;
  title: string;
  footer: string;
  variant: 'destructive' | 'warning';
}) {
  return (
    <Alert
      variant={variant === 'destructive' ? 'destructive' : 'default'}
      data-testid="import-errors"
    >
      <CircleAlertIcon
        aria-hidden="true"
        className={variant === 'warning' ? 'text-amber-600 dark:text-amber-400' : undefined}
      />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <ul className="mt-1 max-h-40 list-none overflow-auto">
          {rows.map((r) => (
            <li key={r.row}>
              <strong>Row {r.row}:</strong>{' '}
              {Object.entries(r.errors)
                .map(([column, message]) => `${column}: ${message}`)
                .join('; ')}
            </li>
          ))}
        </ul>
        {total > rows.length ? <p>and {total - rows.length} more.</p> : null}
        <p className="mt-1">{footer}</p>
        <Button
          variant="outline"
          size="sm"
          className="mt-2"
          onClick={() => downloadText('mailtokit-import-errors.csv', importErrorsCsv(rows))}
        >
          <DownloadIcon aria-hidden="true" />
          Download errors (CSV)
        </Button>
      </AlertDescription>
    </Alert>
  );
}

const rowsNeedFixing = (n: number) =>
  n === 1 ? '1 row needs fixing' : `${n.toLocaleString('en')} rows need fixing`;

function Check({ outcome, done }: { outcome: ImportOutcome; done: boolean }) {
  if (outcome.ok) {
    const { result } = outcome;
    const skipped = new Set(result.skipped.map((r) => r.row));
    return (
      <>
        {result.skippedCount === 0 ? (
          <Alert>
            <CircleCheckIcon aria-hidden="true" />
            <AlertTitle>{plural(result.valid, 'link')} ready to import</AlertTitle>
            <AlertDescription>Every row is valid. Nothing has been saved yet.</AlertDescription>
          </Alert>
        ) : (
          <SkippedRows
            variant="warning"
            rows={result.skipped}
            total={result.skippedCount}
            title={
              done
                ? `${plural(result.created, 'link')} imported, ${plural(result.skippedCount, 'row')} skipped`
                : `${plural(result.valid, 'link')} ready to import, ${plural(result.skippedCount, 'row')} will be skipped`
            }
            footer={
              done
                ? 'Fix the skipped rows in the file of errors, then import them.'
                : 'Import the valid rows now, or fix the file and choose it again.'
            }
          />
        )}
        <Preview rows={result.preview} invalid={skipped} />
      </>
    );
  }
  const { invalid } = outcome;
  return (
    <>
      <SkippedRows
        variant="destructive"
        rows={invalid.rows}
        total={invalid.invalidCount}
        title={`${rowsNeedFixing(invalid.invalidCount)} — no row can be imported`}
        footer="Fix the file, then choose it again."
      />
      <Preview rows={invalid.preview} invalid={new Set(invalid.rows.map((r) => r.row))} />
    </>
  );
}

/**
 * 'Import CSV': choose a file (or drop it on the dialog), see its first rows and every invalid
 * row (a dry run on the server, nothing written), then import the valid rows in one go; the
 * skipped rows stay listed, with a CSV of them to download. A template is offered.
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
  const [dragging, setDragging] = useState(false);
  const [imported, setImported] = useState<LinkImportResult | null>(null);

  const reset = () => {
    setFile(null);
    setProblem(null);
    setImported(null);
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
        const { result } = outcome;
        toast({
          title: 'Links imported',
          description:
            result.skippedCount > 0
              ? `${plural(result.created, 'link')} added to your list; ${plural(result.skippedCount, 'row')} skipped.`
              : `${plural(result.created, 'link')} added to your list.`,
        });
        if (result.skippedCount === 0) {
          setOpen(false);
          reset();
        } else {
          // The skipped rows stay on screen, with their file of errors.
          setImported(result);
        }
      },
      onError: (error) => setProblem(errorMessage(error)),
    });
  };

  const outcome: ImportOutcome | undefined = imported
    ? { ok: true, result: imported }
    : importLinks.data && !importLinks.data.ok
      ? importLinks.data
      : check.data;
  const ready = outcome?.ok === true && !importLinks.isPending && !imported;

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
            links) with the header <code className="break-all">{LINK_CSV_COLUMNS.join(',')}</code>:
            name and to are required; team names one of your teams. The file is checked first;
            nothing is saved until you import, and rows with problems are skipped.
          </DialogDescription>
        </DialogHeader>
        {/* The whole zone takes a dropped file; the input inside stays the keyboard's way. */}
        <div
          data-testid="import-drop-zone"
          className={cn(
            'grid gap-2 rounded-lg border-2 border-dashed p-4 transition-colors',
            dragging ? 'border-primary bg-primary/5' : 'border-border',
          )}
          onDragOver={(e) => {
            if (!e.dataTransfer.types.includes('Files')) return;
            e.preventDefault();
            e.dataTransfer.dropEffect = 'copy';
            setDragging(true);
          }}
          onDragLeave={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
          }}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            void onFile(e.dataTransfer.files[0]);
          }}
        >
          <div className="flex items-center gap-2 text-sm text-muted-foreground">
            <UploadIcon aria-hidden="true" className="size-4 shrink-0" />
            <span>Drop a CSV file here, or choose one.</span>
          </div>
          <Label htmlFor={inputId}>CSV file</Label>
          <Input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
          {file ? (
            <p className="text-xs break-all text-muted-foreground">Chosen: {file.name}</p>
          ) : null}
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
            <Check outcome={outcome} done={imported !== null} />
          ) : null}
        </div>
        <DialogFooter className="sm:justify-between">
          <Button
            variant="ghost"
            onClick={() => downloadText('mailtokit-links-template.csv', importTemplateCsv())}
          >
            <DownloadIcon aria-hidden="true" />
            Download template
          </Button>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="outline" onClick={() => setOpen(false)}>
              {imported ? 'Close' : 'Cancel'}
            </Button>
            {imported ? null : (
              <Button disabled={!ready} onClick={onImport}>
                <PendingLabel
                  pending={importLinks.isPending}
                  label={outcome?.ok ? `Import ${plural(outcome.result.valid, 'link')}` : 'Import'}
                  pendingLabel="Importing…"
                />
              </Button>
            )}
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
