import { useEffect, useState, type ReactNode } from 'react';

/** Wider than a phone: the width at which styles.css stops folding the layout (48rem). */
const WIDE = '(min-width: 48.0625rem)';

/** Whether the window is wider than a phone, followed as it is resized or turned. */
export function useWideScreen(): boolean {
  const [wide, setWide] = useState(() => window.matchMedia(WIDE).matches);
  useEffect(() => {
    const media = window.matchMedia(WIDE);
    const follow = () => setWide(media.matches);
    media.addEventListener('change', follow);
    follow();
    return () => media.removeEventListener('change', follow);
  }, []);
  return wide;
}

/** Its children as they are on a wide screen; on a phone folded under one line (`summary`). */
export function FoldedOnPhone({ wide, summary, children }: { wide: boolean; summary: string; children: ReactNode }) {
  if (wide) return <>{children}</>;
  return (
    <details className="more-filters">
      <summary>{summary}</summary>
      <div className="filter-fields">{children}</div>
    </details>
  );
}
