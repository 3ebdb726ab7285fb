import { HEALTH_STATES } from '../model/summaryTree';

/**
 * A group's items by health as a small stacked bar (green, red, orange, grey) with the
 * counts as its accessible name and tooltip: "12 healthy, 3 unhealthy".
 */
export function HealthCounts({ health }: { health: Readonly<Record<string, number>> }) {
  const total = HEALTH_STATES.reduce((sum, state) => sum + (health[state] ?? 0), 0);
  if (total === 0) return null;
  const parts = HEALTH_STATES.filter((state) => (health[state] ?? 0) > 0);
  const text = parts.map((state) => `${health[state]} ${state}`).join(', ');
  return (
    <span className="mc-health-counts" role="img" aria-label={text} title={text}>
      <span className="mc-health-bar">
        {parts.map((state) => (
          <span
            key={state}
            className={`mc-health-bar-part mc-health-bar-part--${state}`}
            style={{ flexGrow: health[state] }}
          />
        ))}
      </span>
      <span className="mc-health-counts-text">
        {parts.map((state) => (
          <span key={state} className={`mc-health-count mc-health-count--${state}`}>
            {health[state]}
          </span>
        ))}
      </span>
    </span>
  );
}

/** Open insights by type, as `type count` chips ("security 2"). */
export function AnalysisCounts({
  analysis,
}: {
  analysis: Readonly<Record<string, number>> | null | undefined;
}) {
  const entries = Object.entries(analysis ?? {})
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return null;
  return (
    <span className="mc-analysis-counts">
      {entries.map(([type, count]) => (
        <span key={type} className="mc-analysis-count" title={`${count} ${type}`}>
          {type} <strong>{count}</strong>
        </span>
      ))}
    </span>
  );
}
