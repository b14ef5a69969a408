import { geoEqualEarth, geoPath, type GeoPermissibleObjects } from 'd3-geo';
import isoCountries from 'i18n-iso-countries';
import { useMemo } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlas from 'world-atlas/countries-110m.json';
import { countryName, formatCount } from '../lib/format';

export interface WorldMapProps {
  /** Human clicks per ISO 3166-1 alpha-2 code (UNKNOWN_COUNTRY has no shape). */
  countries: readonly { key: string; clicks: number }[];
  /** Called with a country's code when its shape is clicked (the table offers the same). */
  onSelect?: (code: string) => void;
}

const WIDTH = 960;
const HEIGHT = 440;

interface Shape {
  code: string | null;
  d: string;
}

/** The countries of Natural Earth (1:110m, from world-atlas), projected once. */
function shapes(): Shape[] {
  const topology = atlas as unknown as Topology<{ countries: GeometryCollection }>;
  const collection = feature(topology, topology.objects.countries);
  const land = collection.features.filter((f) => f.id !== '010'); // Antarctica: no room
  const projection = geoEqualEarth().fitSize([WIDTH, HEIGHT], {
    type: 'FeatureCollection',
    features: land,
  } as GeoPermissibleObjects);
  const path = geoPath(projection);
  return land.map((f) => ({
    code: f.id === undefined ? null : (isoCountries.numericToAlpha2(String(f.id)) ?? null),
    d: path(f) ?? '',
  }));
}

let projected: Shape[] | null = null;

/**
 * A world map shaded by clicks: the more clicks a country has, the stronger its colour (a
 * square-root scale, so that small countries of clicks still show). Decorative for assistive
 * technology: the Countries table holds the same figures.
 */
export function WorldMap({ countries, onSelect }: WorldMapProps) {
  projected ??= shapes();
  const clicksOf = useMemo(() => new Map(countries.map((c) => [c.key, c.clicks])), [countries]);
  const max = Math.max(1, ...countries.map((c) => c.clicks));
  return (
    <div className="grid gap-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        aria-hidden="true"
        data-testid="world-map"
      >
        {projected.map((shape, i) => {
          const clicks = shape.code ? (clicksOf.get(shape.code) ?? 0) : 0;
          const strength = clicks > 0 ? Math.round(20 + 80 * Math.sqrt(clicks / max)) : 0;
          const name = shape.code ? countryName(shape.code) : '';
          return (
            <path
              key={shape.code ?? `shape-${i}`}
              d={shape.d}
              data-country={shape.code ?? undefined}
              data-clicks={clicks}
              className={
                clicks > 0 && onSelect
                  ? 'cursor-pointer stroke-background transition-opacity hover:opacity-80'
                  : 'stroke-background'
              }
              strokeWidth={0.5}
              style={{
                fill:
                  clicks > 0
                    ? `color-mix(in oklch, var(--primary) ${strength}%, var(--muted))`
                    : 'var(--muted)',
              }}
              onClick={
                clicks > 0 && onSelect && shape.code ? () => onSelect(shape.code!) : undefined
              }
            >
              {name ? <title>{`${name}: ${formatCount(clicks)} clicks`}</title> : null}
            </path>
          );
        })}
      </svg>
      <div
        className="flex items-center justify-end gap-2 text-xs text-muted-foreground"
        aria-hidden="true"
      >
        <span>Fewer</span>
        <span
          className="h-2 w-24 rounded-full"
          style={{
            background:
              'linear-gradient(to right, color-mix(in oklch, var(--primary) 20%, var(--muted)), var(--primary))',
          }}
        />
        <span>More clicks</span>
      </div>
    </div>
  );
}
