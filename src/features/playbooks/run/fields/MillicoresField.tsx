import { InputGroup, Tag } from '@blueprintjs/core';
import type { ParameterFieldProps } from './fieldProps';
import { ParameterChrome, invalidProps, textOf } from './fieldProps';

/** A millicores parameter: a whole number, shown with its `m` (sent as `500m`). */
export function MillicoresField(props: ParameterFieldProps) {
  const { id, value, error, disabled, onChange, onBlur } = props;
  return (
    <ParameterChrome {...props}>
      <InputGroup
        id={id}
        inputMode="numeric"
        value={textOf(value)}
        disabled={disabled}
        onValueChange={(next) => onChange(next)}
        onBlur={onBlur}
        rightElement={
          <Tag minimal aria-label="millicores">
            m
          </Tag>
        }
        {...invalidProps(error)}
      />
    </ParameterChrome>
  );
}
