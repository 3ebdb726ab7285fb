import { HTMLSelect } from '@blueprintjs/core';
import { CHANGE_SEVERITIES } from '../item/model/changesState';
import { statusWord } from '../item/model/format';

export interface SeveritySelectProps {
  /** One severity, or empty for all. */
  value: string;
  onChange: (severity: string) => void;
}

/** The change severity filter: all, or one of critical, high, medium, low and info. */
export function SeveritySelect({ value, onChange }: SeveritySelectProps) {
  return (
    <HTMLSelect
      aria-label="Severity"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    >
      <option value="">All severities</option>
      {CHANGE_SEVERITIES.map((severity) => (
        <option key={severity} value={severity}>
          {statusWord(severity)}
        </option>
      ))}
    </HTMLSelect>
  );
}
