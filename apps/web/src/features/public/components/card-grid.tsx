import type { ReactNode } from 'react';

/** Cards in as many columns as fit (one on a phone). */
export function CardGrid({ children, min = 280 }: { children: ReactNode; min?: number }) {
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(auto-fill, minmax(min(${min}px, 100%), 1fr))`,
        gap: 24,
      }}
    >
      {children}
    </div>
  );
}
