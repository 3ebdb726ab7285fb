import { ControlGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { durationOptions, parameterLabel } from '../../model/parameters';
import type { ParameterFieldProps } from './fieldProps';
import { ParameterChrome, invalidProps, textOf } from './fieldProps';

/** The list's first entry, while the duration typed is not one of its durations. */
export const OTHER_DURATION = 'Custom';

/**
 * A duration parameter: typed (`90s`, `1h30m`, `2d`) or chosen from a list of common durations
 * (`properties.options`, else 5m to 7d), which fills the text. What was typed stays as typed,
 * with its message while it is not a duration.
 */
export function DurationField(props: ParameterFieldProps) {
  const { parameter, id, value, error, disabled, onChange, onBlur } = props;
  const text = textOf(value);
  const options = durationOptions(parameter);
  const listed = options.includes(text.trim()) ? text.trim() : '';
  return (
    <ParameterChrome {...props}>
      <ControlGroup>
        <InputGroup
          id={id}
          value={text}
          placeholder="e.g. 90s, 1h30m, 2d"
          spellCheck={false}
          disabled={disabled}
          onValueChange={(next) => onChange(next)}
          onBlur={onBlur}
          {...invalidProps(error)}
        />
        <HTMLSelect
          aria-label={`${parameterLabel(parameter)} common durations`}
          value={listed}
          disabled={disabled}
          options={[{ value: '', label: OTHER_DURATION }, ...options]}
          onChange={(event) => {
            if (event.currentTarget.value !== '') onChange(event.currentTarget.value);
          }}
          onBlur={onBlur}
        />
      </ControlGroup>
    </ParameterChrome>
  );
}
