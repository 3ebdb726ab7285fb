import { Button, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import type { ParameterFieldProps } from './fieldProps';
import { ParameterChrome, invalidProps, textOf } from './fieldProps';

/** A password parameter: masked, with a button that shows and hides it. */
export function PasswordField(props: ParameterFieldProps) {
  const { id, value, error, disabled, onChange, onBlur } = props;
  const [shown, setShown] = useState(false);
  return (
    <ParameterChrome {...props}>
      <InputGroup
        id={id}
        type={shown ? 'text' : 'password'}
        autoComplete="off"
        value={textOf(value)}
        disabled={disabled}
        onValueChange={(next) => onChange(next)}
        onBlur={onBlur}
        rightElement={
          <Button
            variant="minimal"
            icon={shown ? 'eye-off' : 'eye-open'}
            aria-label={shown ? 'Hide password' : 'Show password'}
            aria-pressed={shown}
            disabled={disabled}
            onClick={() => setShown((current) => !current)}
          />
        }
        {...invalidProps(error)}
      />
    </ParameterChrome>
  );
}
