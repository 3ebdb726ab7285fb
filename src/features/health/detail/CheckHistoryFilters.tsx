import { Button, ControlGroup, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { DURATION_ERROR } from '../../../lib/durations';
import type { HistoryStatusOption } from './historyFilters';
import {
  DURATION_ALL,
  DURATION_CUSTOM,
  HISTORY_DURATION_PRESETS,
  HISTORY_STATUS_OPTIONS,
  durationFilter,
} from './historyFilters';

export interface CheckHistoryFiltersProps {
  status: HistoryStatusOption;
  onStatusChange: (next: HistoryStatusOption) => void;
  /** Called with the minimum duration in milliseconds, undefined for All. */
  onDurationChange: (minDurationMs: number | undefined) => void;
}

const DURATION_CHOICES = [DURATION_ALL, ...HISTORY_DURATION_PRESETS, DURATION_CUSTOM];

/**
 * Status (All, Healthy, Unhealthy) and Duration (All, presets, or a typed value in ms or s).
 * A typed value that is not a number of milliseconds or seconds is refused under the field and
 * changes nothing.
 */
export function CheckHistoryFilters({
  status,
  onStatusChange,
  onDurationChange,
}: CheckHistoryFiltersProps) {
  const [choice, setChoice] = useState<string>(DURATION_ALL);
  const [custom, setCustom] = useState('');
  const [refused, setRefused] = useState(false);

  const applyCustom = () => {
    const result = durationFilter(custom.trim());
    setRefused(!result.ok);
    if (result.ok) onDurationChange(result.minDurationMs);
  };

  return (
    <div className="check-history-filters">
      <FormGroup label="Status" inline>
        <HTMLSelect
          aria-label="Status"
          value={status}
          options={[...HISTORY_STATUS_OPTIONS]}
          onChange={(event) => onStatusChange(event.currentTarget.value as HistoryStatusOption)}
        />
      </FormGroup>
      <FormGroup
        label="Duration"
        inline
        intent={refused ? 'danger' : undefined}
        helperText={
          refused && choice === DURATION_CUSTOM ? (
            <span role="alert">{DURATION_ERROR}</span>
          ) : undefined
        }
      >
        <ControlGroup>
          <HTMLSelect
            aria-label="Duration"
            value={choice}
            options={DURATION_CHOICES}
            onChange={(event) => {
              const next = event.currentTarget.value;
              setChoice(next);
              if (next === DURATION_CUSTOM) return;
              const result = durationFilter(next);
              if (result.ok) onDurationChange(result.minDurationMs);
            }}
          />
          {choice === DURATION_CUSTOM && (
            <>
              <InputGroup
                aria-label="Custom duration"
                placeholder="e.g. 250ms or 2s"
                value={custom}
                intent={refused ? 'danger' : undefined}
                onValueChange={(next) => {
                  setCustom(next);
                  setRefused(false);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') applyCustom();
                }}
              />
              <Button text="Apply" onClick={applyCustom} />
            </>
          )}
        </ControlGroup>
      </FormGroup>
    </div>
  );
}
