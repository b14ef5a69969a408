import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import type { WorldMapProps } from './world-map';

const WorldMap = lazy(() => import('./world-map').then((m) => ({ default: m.WorldMap })));

/**
 * The world map, its code and boundaries fetched only once its place scrolls near the
 * viewport (a placeholder of the same shape until then).
 */
export function LazyWorldMap(props: WorldMapProps) {
  const ref = useRef<HTMLDivElement>(null);
  // Without IntersectionObserver (an old browser, a test environment) the map loads at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  const placeholder = <Skeleton className="aspect-[960/440] w-full" />;
  return (
    <div ref={ref} data-testid="world-map-area">
      {near ? (
        <Suspense fallback={placeholder}>
          <WorldMap {...props} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
