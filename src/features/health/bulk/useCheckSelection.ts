import { useCallback, useMemo, useState } from 'react';
import type { BulkRunCheck } from '../../../../machines/health/bulkRun';
import type { CheckRow, HealthRow } from '../model/types';

/** The checks of the rows: each check row, and each member of a group, once, in order. */
export function checksOfRows(rows: readonly HealthRow[]): CheckRow[] {
  const seen = new Set<string>();
  const checks: CheckRow[] = [];
  const add = (row: CheckRow) => {
    if (seen.has(row.id)) return;
    seen.add(row.id);
    checks.push(row);
  };
  for (const row of rows) {
    if (row.kind === 'group') row.checks.forEach(add);
    else add(row);
  }
  return checks;
}

/** How many of a row's checks are selected: every one, some, or none. */
export type Selected = 'all' | 'some' | 'none';

export interface CheckSelection {
  /** Whether the row (a check, or a group by its members) is selected. */
  selectedOf: (row: HealthRow) => Selected;
  /** Selects or unselects the row: a check, or every member of a group. */
  toggle: (row: HealthRow) => void;
  /** Every check shown selected, or none. */
  all: Selected;
  selectAll: () => void;
  selectNone: () => void;
  /** The selected checks among those shown, in the list's order, as the run names them. */
  checks: BulkRunCheck[];
}

function membersOf(row: HealthRow): readonly CheckRow[] {
  return row.kind === 'group' ? row.checks : [row];
}

function countSelected(rows: readonly CheckRow[], selected: ReadonlySet<string>): Selected {
  const count = rows.filter((row) => selected.has(row.id)).length;
  if (count === 0) return 'none';
  return count === rows.length ? 'all' : 'some';
}

/**
 * The checks chosen for Run Selected among the rows shown: a check, a group (its members), all
 * or none. A selected check that the filters hide stays selected but is not run.
 */
export function useCheckSelection(rows: readonly HealthRow[]): CheckSelection {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const shown = useMemo(() => checksOfRows(rows), [rows]);
  const selectedOf = useCallback(
    (row: HealthRow) => countSelected(membersOf(row), selected),
    [selected],
  );
  const toggle = useCallback((row: HealthRow) => {
    setSelected((current) => {
      const members = membersOf(row);
      const next = new Set(current);
      const on = countSelected(members, current) !== 'all';
      for (const member of members) {
        if (on) next.add(member.id);
        else next.delete(member.id);
      }
      return next;
    });
  }, []);
  const selectAll = useCallback(() => setSelected(new Set(shown.map((row) => row.id))), [shown]);
  const selectNone = useCallback(() => setSelected(new Set()), []);
  const checks = useMemo(
    () =>
      shown
        .filter((row) => selected.has(row.id))
        .map((row) => ({ id: row.id, name: row.check.name || row.title })),
    [shown, selected],
  );
  const all = shown.length === 0 ? 'none' : countSelected(shown, selected);
  // One object while nothing changed, so the table's columns are not built again.
  return useMemo(
    () => ({ selectedOf, toggle, all, selectAll, selectNone, checks }),
    [selectedOf, toggle, all, selectAll, selectNone, checks],
  );
}
