import type { TimeRangeValue } from '../../../lib/timeRange';
import { KitField } from '../../../ui/form/FormFieldGroup';
import { TimeRangePicker } from '../../../ui/TimeRangePicker';

export interface SilenceWindowFieldProps {
  /** The field's name; it holds a `TimeRangeValue`. */
  name: string;
  label?: string;
  /** The button's text while no window is chosen (the edit dialog: the current window). */
  placeholder?: string;
  helperText?: string;
  /** A rule for the chosen window (e.g. it must end in the future). */
  validate?: (value: TimeRangeValue | undefined) => string | undefined;
}

/**
 * How long a silence lasts, as a future time range: a relative one (`Next 1 hour` … or
 * `Indefinitely`) starts now; an absolute one has both ends. Resolved to instants on submit.
 */
export function SilenceWindowField({
  name,
  label = 'Duration',
  placeholder = 'Choose a duration',
  helperText,
  validate,
}: SilenceWindowFieldProps) {
  return (
    <KitField<TimeRangeValue | undefined>
      name={name}
      label={label}
      helperText={helperText}
      validate={validate ? (value) => validate(value) : undefined}
    >
      {({ input, id, disabled }) => (
        <div>
          <TimeRangePicker
            id={id}
            value={input.value || undefined}
            onChange={(next) => {
              input.onChange(next);
              input.onBlur();
            }}
            showFuture
            placeholder={placeholder}
            disabled={disabled}
          />
        </div>
      )}
    </KitField>
  );
}
