import { DownloadIcon, UploadIcon } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { EXPORT_CSV_PATH } from '../api/import-links';
import { CsvMenuButton } from './csv-menu-button';

const loadDialog = () => import('./import-csv-dialog');
const ImportCsvDialog = lazy(() => loadDialog().then((m) => ({ default: m.ImportCsvDialog })));

/**
 * The links tab's CSV menu: import (the dialog with its dry run) and export. Loaded on first
 * use and open at once, as a row's menu.
 */
export function CsvMenu() {
  const [importing, setImporting] = useState(false);
  const [used, setUsed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <DropdownMenu defaultOpen>
        <DropdownMenuTrigger asChild>
          <CsvMenuButton ref={buttonRef} />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem
            onPointerEnter={() => void loadDialog()}
            onSelect={() => {
              setUsed(true);
              setImporting(true);
            }}
          >
            <UploadIcon aria-hidden="true" />
            Import CSV
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <a href={EXPORT_CSV_PATH} download>
              <DownloadIcon aria-hidden="true" />
              Export CSV
            </a>
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {used ? (
        <Suspense fallback={null}>
          <ImportCsvDialog open={importing} onOpenChange={setImporting} returnFocusTo={buttonRef} />
        </Suspense>
      ) : null}
    </>
  );
}
