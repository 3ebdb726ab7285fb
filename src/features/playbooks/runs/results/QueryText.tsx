import { Button } from '@blueprintjs/core';
import { useId, useState } from 'react';
import { isLongQuery } from '../model/results';

export interface QueryTextProps {
  /** The query as it was run. */
  query: string;
  /** The accessible name of the block, e.g. "SQL query". */
  label: string;
}

/**
 * A query in monospace above its results. A long one (over three lines or 160 characters)
 * starts folded to its first line, with a button to show it whole and fold it again.
 */
export function QueryText({ query, label }: QueryTextProps) {
  const long = isLongQuery(query);
  const [open, setOpen] = useState(false);
  const id = useId();
  const shown = long && !open ? `${query.split('\n')[0]!.slice(0, 120)} …` : query;
  return (
    <div className="mc-run-query">
      <pre id={id} className="mc-run-log mc-run-query-text" aria-label={label}>
        {shown}
      </pre>
      {long && (
        <Button
          variant="minimal"
          size="small"
          icon={open ? 'chevron-up' : 'chevron-down'}
          aria-expanded={open}
          aria-controls={id}
          text={open ? 'Hide full query' : 'Show full query'}
          onClick={() => setOpen((value) => !value)}
        />
      )}
    </div>
  );
}
