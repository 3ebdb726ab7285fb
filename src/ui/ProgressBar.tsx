import { Intent, ProgressBar as BlueprintProgressBar } from '@blueprintjs/core';
import './ui.css';

/** The shown value: between 5 and 100 (non-numbers show as 5). */
export function clampProgress(value: number): number {
  if (!Number.isFinite(value)) return 5;
  return Math.min(100, Math.max(5, value));
}

/** Green up to 75, orange above 75, red above 90. */
export function progressIntent(value: number): Intent {
  const shown = clampProgress(value);
  if (shown > 90) return Intent.DANGER;
  if (shown > 75) return Intent.WARNING;
  return Intent.SUCCESS;
}

export interface ProgressBarProps {
  /** A percentage; shown clamped to 5–100. */
  value: number;
  /** Text after the bar, also the bar's accessible name. */
  label?: string;
}

/** A percentage bar that turns orange above 75 and red above 90. */
export function ProgressBar({ value, label }: ProgressBarProps) {
  const shown = clampProgress(value);
  return (
    <div className="mc-progress">
      <BlueprintProgressBar
        className="mc-progress-bar"
        value={shown / 100}
        intent={progressIntent(value)}
        animate={false}
        stripes={false}
        aria-label={label ?? `${Math.round(shown)}%`}
      />
      {label && <span className="mc-progress-label">{label}</span>}
    </div>
  );
}
