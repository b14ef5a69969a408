import { TableIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';

export interface ChartLegendProps {
  showTable: boolean;
  /** Id of the data table the button shows and hides. */
  tableId: string;
  onToggleTable: () => void;
}

/** What the colours mean, and 'Show data table'. */
export function ChartLegend({ showTable, tableId, onToggleTable }: ChartLegendProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-sm bg-primary" />
          Clicks
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="h-0.5 w-3.5 rounded bg-amber-500 dark:bg-amber-400" />
          Unique visitors
        </li>
        <li>Times in UTC</li>
      </ul>
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={showTable}
        aria-controls={tableId}
        onClick={onToggleTable}
        className="-mr-2"
      >
        <TableIcon aria-hidden="true" />
        {showTable ? 'Hide data table' : 'Show data table'}
      </Button>
    </div>
  );
}
