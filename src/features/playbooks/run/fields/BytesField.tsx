import { ControlGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import type { BytesUnit } from '../../model/parameters';
import { BYTES_UNITS, joinBytes, parameterLabel, splitBytes } from '../../model/parameters';
import type { ParameterFieldProps } from './fieldProps';
import { ParameterChrome, invalidProps, textOf } from './fieldProps';

/**
 * A bytes parameter: an amount and its unit (Mi, Gi or Ti; Mi by default). The form holds both
 * as one text (`2Gi`); the unit chosen stays while the amount is empty, and an amount is shown as typed.
 */
export function BytesField(props: ParameterFieldProps) {
  const { parameter, id, value, error, disabled, onChange, onBlur } = props;
  const text = textOf(value).trim();
  // The amount as typed (`1.` on the way to `1.5`) and the unit chosen, re-read from the value
  // only when it changes from outside.
  const [local, setLocal] = useState<{ amount: string; unit: BytesUnit }>(() => splitBytes(text));
  // A bare amount (`512`) means Mi: it is the same value as `512Mi`.
  const outside = splitBytes(text);
  const joined = joinBytes(local.amount, local.unit);
  const same = joined === text || joined === joinBytes(outside.amount, outside.unit);
  const current = same ? local : outside;
  if (current !== local) setLocal(current);
  const { amount, unit } = current;
  const change = (next: { amount: string; unit: BytesUnit }) => {
    setLocal(next);
    onChange(joinBytes(next.amount, next.unit));
  };
  return (
    <ParameterChrome {...props}>
      <ControlGroup>
        <InputGroup
          id={id}
          inputMode="decimal"
          value={amount}
          disabled={disabled}
          onValueChange={(next) => change({ amount: next, unit })}
          onBlur={onBlur}
          {...invalidProps(error)}
        />
        <HTMLSelect
          aria-label={`${parameterLabel(parameter)} unit`}
          value={unit}
          disabled={disabled}
          options={[...BYTES_UNITS]}
          onChange={(event) => {
            change({ amount, unit: event.currentTarget.value as BytesUnit });
          }}
          onBlur={onBlur}
        />
      </ControlGroup>
    </ParameterChrome>
  );
}
