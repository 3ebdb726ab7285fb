import { Classes } from '@blueprintjs/core';

const ROWS = 8;

/** Placeholder rows shown until the first list arrives. */
export function HealthSkeleton() {
  return (
    <div
      className="mc-health-skeleton"
      role="status"
      aria-busy="true"
      aria-label="Loading health checks"
    >
      {Array.from({ length: ROWS }, (_, index) => (
        <div key={index} className={`mc-health-skeleton-row ${Classes.SKELETON}`} />
      ))}
    </div>
  );
}
