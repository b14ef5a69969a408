import { GlobeIcon, XIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { countryName } from '../lib/format';

/** The country a page is filtered to, with a button that clears the filter. */
export function CountryFilterChip({ country, onClear }: { country: string; onClear: () => void }) {
  const name = countryName(country);
  return (
    <div
      className="flex w-fit max-w-full items-center gap-1 rounded-full border bg-secondary py-0.5 pr-0.5 pl-3 text-sm text-secondary-foreground"
      data-testid="country-filter"
    >
      <GlobeIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <span className="truncate">
        Only clicks from <strong className="font-medium">{name}</strong>
      </span>
      <Button
        variant="ghost"
        size="sm"
        className="h-7 rounded-full px-2"
        onClick={onClear}
        aria-label={`Clear the country filter (${name})`}
      >
        <XIcon aria-hidden="true" />
        <span className="hidden sm:inline">Clear</span>
      </Button>
    </div>
  );
}
