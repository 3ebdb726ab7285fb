import { Checkbox } from '@blueprintjs/core';
import type { DataTableColumn } from '../../../ui/DataTable/DataTable';
import { rowTitle } from '../ChecksTableCells';
import type { HealthRow } from '../model/types';
import type { CheckSelection } from './useCheckSelection';

/** Keeps a click or key on the box from opening the row. */
const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();

/**
 * The column with a box before each row's content that selects the check, or a group's
 * members (the checks table's name column, so the columns stay as they are).
 */
export function selectableColumn(
  column: DataTableColumn<HealthRow>,
  selection: CheckSelection,
): DataTableColumn<HealthRow> {
  return {
    ...column,
    cell: (row) => {
      const selected = selection.selectedOf(row);
      return (
        <div className="mc-health-selectable">
          <span onClick={stop} onKeyDown={stop}>
            <Checkbox
              className="mc-health-select"
              aria-label={`Select ${row.kind === 'group' ? 'the group ' : ''}${rowTitle(row)}`}
              checked={selected === 'all'}
              indeterminate={selected === 'some'}
              onChange={() => selection.toggle(row)}
            />
          </span>
          {column.cell(row)}
        </div>
      );
    },
  };
}
