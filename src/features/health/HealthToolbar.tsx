import { memo } from 'react';
import { Button, HTMLSelect, SegmentedControl } from '@blueprintjs/core';
import { CHECK_TIME_RANGES } from '../../lib/timeRange';
import type { RefreshRate } from './model/refreshRate';
import { REFRESH_RATES, refreshRateLabel } from './model/refreshRate';
import type { HealthLayout } from './model/urlState';

export interface HealthToolbarProps {
  layout: HealthLayout;
  onLayoutChange: (layout: HealthLayout) => void;
  timeRange: string;
  onTimeRangeChange: (timeRange: string) => void;
  refreshRate: RefreshRate;
  onRefreshRateChange: (rate: RefreshRate) => void;
  /** Shows a refresh button (the standalone page has no top bar to hold one). */
  onRefresh?: () => void;
  /** A request is running. */
  isFetching?: boolean;
  /** Shows "Add check" (those who may write canaries), opening the health-check editor. */
  onAdd?: () => void;
}

/** The label of the action that opens the health-check editor. */
export const ADD_CHECK_TEXT = 'Add check';

const LAYOUTS = [
  { value: 'table', label: 'Table', icon: 'th' as const },
  { value: 'card', label: 'Cards', icon: 'grid-view' as const },
];

/** Layout, time range and refresh rate (in the top bar, or above the page when standalone). */
export const HealthToolbar = memo(function HealthToolbar({
  layout,
  onLayoutChange,
  timeRange,
  onTimeRangeChange,
  refreshRate,
  onRefreshRateChange,
  onRefresh,
  isFetching = false,
  onAdd,
}: HealthToolbarProps) {
  const rates = REFRESH_RATES.includes(refreshRate)
    ? REFRESH_RATES
    : [...REFRESH_RATES, refreshRate];
  return (
    <div className="mc-health-toolbar">
      <SegmentedControl
        size="small"
        options={LAYOUTS}
        value={layout}
        onValueChange={(value) => onLayoutChange(value === 'card' ? 'card' : 'table')}
      />
      <HTMLSelect
        aria-label="Time range"
        value={timeRange}
        onChange={(event) => onTimeRangeChange(event.currentTarget.value)}
      >
        {CHECK_TIME_RANGES.map((key) => (
          <option key={key} value={key}>
            {key}
          </option>
        ))}
      </HTMLSelect>
      <HTMLSelect
        aria-label="Refresh rate"
        value={refreshRate}
        onChange={(event) => onRefreshRateChange(event.currentTarget.value)}
      >
        {rates.map((rate) => (
          <option key={rate} value={rate}>
            {refreshRateLabel(rate)}
          </option>
        ))}
      </HTMLSelect>
      {onRefresh && (
        <Button
          variant="minimal"
          icon="refresh"
          aria-label="Refresh"
          loading={isFetching}
          onClick={onRefresh}
        />
      )}
      {onAdd && <Button icon="add" intent="primary" text={ADD_CHECK_TEXT} onClick={onAdd} />}
    </div>
  );
});
