import type { KeyboardEvent } from 'react';
import { useRef } from 'react';
import type { HypothesisStatus } from '../model/incidentValues';
import { HYPOTHESIS_STATUSES } from '../model/incidentValues';
import { scaleIndexOf, stepOnScale } from './model/statusScale';

export interface HypothesisStatusScaleProps {
  /** The status marked on the scale; a value outside it marks nothing. */
  value: string | null | undefined;
  /** Called with a status other than the marked one. */
  onChange: (status: HypothesisStatus) => void;
  /** Show the scale without letting it change. Default false. */
  disabled?: boolean;
  /** The accessible name of the group. Default "Status". */
  label?: string;
}

/**
 * The hypothesis statuses as a colour scale from proven (green) to disproven (grey), one
 * radio per step: click one, or move along it with the arrow keys, Home and End.
 */
export function HypothesisStatusScale({
  value,
  onChange,
  disabled = false,
  label = 'Status',
}: HypothesisStatusScaleProps) {
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const current = scaleIndexOf(value);

  const choose = (index: number) => {
    const status = HYPOTHESIS_STATUSES[index]?.value;
    if (status && index !== current) onChange(status);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const from = buttons.current.findIndex((button) => button === document.activeElement);
    const next = stepOnScale(from < 0 ? current : from, event.key);
    if (next === undefined) return;
    event.preventDefault();
    buttons.current[next]?.focus();
    choose(next);
  };

  return (
    <div
      role="radiogroup"
      aria-label={label}
      aria-disabled={disabled || undefined}
      className="mc-status-scale"
      onKeyDown={onKeyDown}
    >
      {HYPOTHESIS_STATUSES.map((status, index) => {
        const checked = index === current;
        return (
          <button
            key={status.value}
            ref={(button) => {
              buttons.current[index] = button;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            // One stop in the tab order: the marked step, else the first.
            tabIndex={checked || (current < 0 && index === 0) ? 0 : -1}
            disabled={disabled}
            className={`mc-status-scale-step mc-status-scale-step--${status.value}`}
            data-status={status.value}
            onClick={() => choose(index)}
          >
            <span className="mc-status-scale-swatch" aria-hidden />
            <span className="mc-status-scale-label">{status.label}</span>
          </button>
        );
      })}
    </div>
  );
}
