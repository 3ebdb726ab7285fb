import { InputGroup, TextArea } from '@blueprintjs/core';
import { isMultiline, parameterType } from '../../model/parameters';
import type { ParameterFieldProps } from './fieldProps';
import { ParameterChrome, invalidProps, textOf } from './fieldProps';

/** The input type of each one-line text parameter. */
const INPUT_TYPES: Record<string, 'text' | 'email' | 'url'> = {
  email: 'email',
  url: 'url',
};

/** Placeholders that show the expected shape. */
const PLACEHOLDERS: Record<string, string> = {
  email: 'name@example.com',
  url: 'https://',
  dns1123: 'my-name.example',
};

/**
 * A text parameter (one line, or a textarea when `properties.multiline`), and the email, url
 * and dns1123 parameters, which are text with their own validator.
 */
export function TextParameterField(props: ParameterFieldProps) {
  const { parameter, id, value, error, disabled, onChange, onBlur } = props;
  const type = parameterType(parameter);
  const invalid = invalidProps(error);
  return (
    <ParameterChrome {...props}>
      {type === 'text' && isMultiline(parameter) ? (
        <TextArea
          id={id}
          value={textOf(value)}
          rows={4}
          fill
          disabled={disabled}
          onChange={(event) => onChange(event.currentTarget.value)}
          onBlur={onBlur}
          {...invalid}
        />
      ) : (
        <InputGroup
          id={id}
          type={INPUT_TYPES[type] ?? 'text'}
          value={textOf(value)}
          placeholder={PLACEHOLDERS[type]}
          spellCheck={type === 'text'}
          disabled={disabled}
          onValueChange={(next) => onChange(next)}
          onBlur={onBlur}
          {...invalid}
        />
      )}
    </ParameterChrome>
  );
}
