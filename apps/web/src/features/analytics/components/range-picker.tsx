import { CalendarRangeIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SegmentedControl } from '@/components/ui/segmented-control';
import {
  HOURLY_MAX_DAYS,
  hourlyAllowed,
  PRESET_DAYS,
  rangeDates,
  validateCustomRange,
  withInterval,
  type AnalyticsRange,
  type Interval,
  type PresetDays,
} from '../lib/range';

type Choice = `${PresetDays}` | 'custom';

const PRESET_OPTIONS = PRESET_DAYS.map((days) => ({
  value: `${days}` as Choice,
  label: `${days} days`,
  ariaLabel: `Last ${days} days`,
}));

export interface RangePickerProps {
  range: AnalyticsRange;
  onChange: (range: AnalyticsRange) => void;
  /** Today's UTC date (the latest day that can be picked). */
  today: string;
}

/** 7 / 30 / 90 days or a custom range of dates, and days or hours. */
export function RangePicker({ range, onChange, today }: RangePickerProps) {
  const id = useId();
  const [customOpen, setCustomOpen] = useState(range.kind === 'custom');
  const initial = rangeDates(range, today);
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [error, setError] = useState<string | null>(null);

  const choice: Choice = customOpen || range.kind === 'custom' ? 'custom' : `${range.days}`;

  const pick = (value: Choice) => {
    setError(null);
    if (value === 'custom') {
      const current = rangeDates(range, today);
      setFrom(current.from);
      setTo(current.to);
      setCustomOpen(true);
      return;
    }
    setCustomOpen(false);
    const days = Number(value) as PresetDays;
    onChange(withInterval({ kind: 'preset', days, interval: range.interval }, range.interval));
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateCustomRange(from, to);
    setError(problem);
    if (problem) return;
    onChange(withInterval({ kind: 'custom', from, to, interval: range.interval }, range.interval));
  };

  const errorId = `${id}-error`;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <SegmentedControl<Choice>
          label="Date range"
          value={choice}
          onChange={pick}
          options={[
            ...PRESET_OPTIONS,
            {
              value: 'custom',
              label: (
                <>
                  <CalendarRangeIcon aria-hidden="true" />
                  Custom
                </>
              ),
              ariaLabel: 'Custom range',
            },
          ]}
        />
        {hourlyAllowed(range) ? (
          <SegmentedControl<Interval>
            label="Interval"
            value={range.interval}
            onChange={(interval) => onChange(withInterval(range, interval))}
            options={[
              { value: 'day', label: 'Daily' },
              { value: 'hour', label: 'Hourly' },
            ]}
          />
        ) : (
          <span className="text-xs text-muted-foreground">
            Hourly figures cover up to {HOURLY_MAX_DAYS} days.
          </span>
        )}
      </div>
      {choice === 'custom' ? (
        <form
          onSubmit={apply}
          noValidate
          aria-label="Custom range"
          className="flex flex-wrap items-end gap-3 rounded-lg border bg-card p-3"
        >
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-from`}>From</Label>
            <Input
              id={`${id}-from`}
              type="date"
              value={from}
              max={today}
              onChange={(event) => setFrom(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="w-40"
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-to`}>To</Label>
            <Input
              id={`${id}-to`}
              type="date"
              value={to}
              max={today}
              onChange={(event) => setTo(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="w-40"
            />
          </div>
          <Button type="submit" variant="secondary">
            Apply
          </Button>
          {error ? (
            <p
              id={errorId}
              role="alert"
              className="basis-full text-[13px] font-medium text-destructive"
            >
              {error}
            </p>
          ) : (
            <p className="basis-full text-xs text-muted-foreground">
              UTC days, both included, at most 366 days.
            </p>
          )}
        </form>
      ) : null}
    </div>
  );
}
