import { load } from 'js-yaml';
import { Field } from 'react-final-form';
import { CodeEditor } from '../CodeEditor/CodeEditor';
import type { FieldChromeProps } from './FormFieldGroup';
import { FormFieldGroup, useFieldDisabled } from './FormFieldGroup';
import { requiredMessage, shownError } from './fieldError';

export type CodeLanguage = 'yaml' | 'json';

/** Why `text` is not valid in `language`, or undefined when it parses (or is empty). */
export function codeSyntaxError(text: string, language: CodeLanguage): string | undefined {
  if (text.trim() === '') return undefined;
  try {
    if (language === 'json') JSON.parse(text);
    else load(text);
    return undefined;
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return `${language === 'json' ? 'Invalid JSON' : 'Invalid YAML'}: ${reason}`;
  }
}

export interface CodeFieldProps extends FieldChromeProps {
  /** The field holds the text (parse it when submitting). */
  name: string;
  language?: CodeLanguage;
  /** Editor height; default `300px`. */
  height?: string;
}

/** A YAML or JSON text in Monaco, checked for syntax on every change. */
export function CodeField({
  name,
  label,
  required,
  helperText,
  disabled,
  language = 'yaml',
  height = '300px',
}: CodeFieldProps) {
  const isDisabled = useFieldDisabled(disabled);
  return (
    <Field<string>
      name={name}
      validate={(value) =>
        (value ?? '').trim() === ''
          ? requiredMessage(required)
          : codeSyntaxError(value ?? '', language)
      }
    >
      {({ input, meta }) => {
        const error = shownError(meta);
        return (
          <FormFieldGroup
            id={`${input.name}-code`}
            label={label}
            required={required}
            helperText={helperText}
            error={error}
          >
            <div
              className={error ? 'mc-code-field mc-code-field-invalid' : 'mc-code-field'}
              onBlur={() => input.onBlur()}
              onFocus={() => input.onFocus()}
            >
              <CodeEditor
                label={label}
                value={input.value ?? ''}
                language={language}
                readOnly={isDisabled}
                onChange={(text) => input.onChange(text)}
                height={height}
              />
            </div>
          </FormFieldGroup>
        );
      }}
    </Field>
  );
}
