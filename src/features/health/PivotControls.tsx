import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { memo, useId } from 'react';
import type { LabelCatalog } from './model/labels';
import { keysWithCurrent } from './model/labels';
import type { PivotBy, PivotCellType, PivotSettings } from './model/pivot';
import {
  DEFAULT_PIVOT_CELL_TYPE,
  PIVOT_BY_FIELDS,
  PIVOT_CELL_TYPES,
  PIVOT_CELL_TYPE_FIELDS,
  pivotChoice,
} from './model/pivot';

/** The first choice of the Pivot Label select while no label is chosen. */
export const CHOOSE_PIVOT_LABEL = 'Choose a label';

export interface PivotControlsProps {
  settings: PivotSettings;
  onChange: (settings: PivotSettings) => void;
  /** The labels of the listed checks: their keys are the Pivot Label choices. */
  catalog: LabelCatalog;
}

function isCellType(value: string): value is PivotCellType {
  return (PIVOT_CELL_TYPES as readonly string[]).includes(value);
}

/**
 * Pivot By, and while pivoting its Pivot Label (the label keys of the checks, flags left out)
 * and Cell Type. Choosing Label pivots by the first key until another is chosen; choosing None
 * clears the label and the cell type.
 */
export const PivotControls = memo(function PivotControls({
  settings,
  onChange,
  catalog,
}: PivotControlsProps) {
  const byId = useId();
  const labelId = useId();
  const cellId = useId();
  const by = pivotChoice(settings.pivotBy);
  const keys = keysWithCurrent(
    catalog.keys.filter((key) => !catalog.flagKeys.has(key)),
    settings.pivotLabel,
  );
  const onByChange = (value: PivotBy) => {
    if (value === 'none') {
      onChange({ pivotBy: value, pivotLabel: undefined, pivotCellType: DEFAULT_PIVOT_CELL_TYPE });
    } else {
      const pivotLabel = value === 'labels' ? (settings.pivotLabel ?? keys[0]) : undefined;
      onChange({ ...settings, pivotBy: value, pivotLabel });
    }
  };
  return (
    <>
      <FormGroup inline label="Pivot By" labelFor={byId} className="mc-health-select">
        <HTMLSelect
          id={byId}
          value={by}
          onChange={(event) => onByChange(event.currentTarget.value as PivotBy)}
        >
          {PIVOT_BY_FIELDS.map((field) => (
            <option key={field.value} value={field.value}>
              {field.label}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      {by === 'labels' && (
        <FormGroup inline label="Pivot Label" labelFor={labelId} className="mc-health-select">
          <HTMLSelect
            id={labelId}
            value={settings.pivotLabel ?? ''}
            onChange={(event) =>
              onChange({ ...settings, pivotLabel: event.currentTarget.value || undefined })
            }
          >
            {settings.pivotLabel === undefined && (
              <option value="" disabled>
                {CHOOSE_PIVOT_LABEL}
              </option>
            )}
            {keys.map((key) => (
              <option key={key} value={key}>
                {key}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      )}
      {by !== 'none' && (
        <FormGroup inline label="Cell Type" labelFor={cellId} className="mc-health-select">
          <HTMLSelect
            id={cellId}
            value={settings.pivotCellType}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isCellType(value)) onChange({ ...settings, pivotCellType: value });
            }}
          >
            {PIVOT_CELL_TYPE_FIELDS.map((field) => (
              <option key={field.value} value={field.value}>
                {field.label}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      )}
    </>
  );
});
