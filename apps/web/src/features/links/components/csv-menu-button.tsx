import { FileSpreadsheetIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';

/** The button of the links tab's CSV menu (import and export). */
export function CsvMenuButton(props: ComponentProps<'button'>) {
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label="Import or export CSV"
      className="h-10"
      {...props}
    >
      <FileSpreadsheetIcon aria-hidden="true" />
      <span className="hidden lg:inline">CSV</span>
    </Button>
  );
}
