import { Button, ButtonGroup, Icon, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { TriState } from '../lib/triState';
import { nextTriState } from '../lib/triState';
import './ui.css';

export interface TriStateToggleProps {
  /** What is included or excluded; part of both buttons' accessible names. */
  label: ReactNode;
  /** The current state: 1 include, -1 exclude, 0 neither. */
  value: TriState;
  /** Called with the next state; clicking the active button gives 0. */
  onChange: (next: TriState) => void;
  /** Shows the label only to assistive technology. Default false. */
  hideLabel?: boolean;
  /** Shown before the visible label (not part of the accessible names). */
  icon?: ReactNode;
}

/** A pair of small buttons that include or exclude one item; the active one is pressed. */
export function TriStateToggle({
  label,
  value,
  onChange,
  hideLabel = false,
  icon,
}: TriStateToggleProps) {
  return (
    <div className="mc-tristate">
      <ButtonGroup className="mc-tristate-buttons">
        <Button
          size="small"
          variant={value === 1 ? 'solid' : 'minimal'}
          intent={value === 1 ? Intent.SUCCESS : Intent.NONE}
          icon={
            <>
              <Icon icon="plus" aria-hidden />
              <span className="mc-visually-hidden">Include {label}</span>
            </>
          }
          aria-pressed={value === 1}
          onClick={() => onChange(nextTriState(value, 1))}
        />
        <Button
          size="small"
          variant={value === -1 ? 'solid' : 'minimal'}
          intent={value === -1 ? Intent.DANGER : Intent.NONE}
          icon={
            <>
              <Icon icon="minus" aria-hidden />
              <span className="mc-visually-hidden">Exclude {label}</span>
            </>
          }
          aria-pressed={value === -1}
          onClick={() => onChange(nextTriState(value, -1))}
        />
      </ButtonGroup>
      {!hideLabel && (
        <span className="mc-tristate-label" aria-hidden>
          {icon}
          {label}
        </span>
      )}
    </div>
  );
}
