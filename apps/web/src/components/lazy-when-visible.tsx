import { Suspense, startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from '../lib/use-hydrated';

interface LazyWhenVisibleProps {
  /** Space kept free until the content arrives, so the page does not jump. */
  minHeight: number;
  /** Shown while the content's code downloads. */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Renders its children (usually React.lazy components) only once the spot comes within 300 px of
 * the screen. Charts below the fold then cost nothing on the first load, which matters on slow
 * phone connections. The observer reports after the first paint even for content already in view.
 */
export function LazyWhenVisible({ minHeight, fallback, children }: LazyWhenVisibleProps) {
  const ref = useRef<HTMLDivElement>(null);
  // Not visible on the server nor while the browser hydrates (issue 18), so hydration finds the
  // fallback the server drew; the observer decides after that.
  const hydrated = useHydrated();
  const [seen, setSeen] = useState(false);
  // Without IntersectionObserver (very old browsers) the content simply loads at once.
  const visible = seen || (hydrated && typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (visible || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          // A transition: the content (a map, a chart) is drawn in slices a tap can interrupt.
          startTransition(() => setSeen(true));
          observer.disconnect();
        }
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);

  return (
    <div ref={ref} style={{ minHeight }}>
      {visible ? <Suspense fallback={fallback}>{children}</Suspense> : fallback}
    </div>
  );
}
