import { load } from 'js-yaml';
import { CodeEditor } from '../CodeEditor/CodeEditor';
import { schemaError } from '../CodeEditor/loadSchemaCheck';
import type { JsonSchema } from '../CodeEditor/schemaCheck';
import type { SelectorFactsLoader } from '../../lib/selectorFacts';
import type { FieldChromeProps } from './FormFieldGroup';
import { KitField } from './FormFieldGroup';
import { requiredMessage } from './fieldError';

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
  /**
   * A JSON schema the parsed text must satisfy: its first problem, with its path, is the field's
   * error (`/actions/0: must have required property 'name'`). The text as first given is taken
   * as stored (the server checks it); the check runs, and loads, once it is edited. None by
   * default.
   */
  schema?: JsonSchema;
  /** Completion in the YAML's selector fields from these facts (`CodeEditor`); none by default. */
  selectorFacts?: SelectorFactsLoader | undefined;
}

/** A YAML or JSON text in Monaco, checked for syntax (and its `schema`) on every change. */
export function CodeField({
  language = 'yaml',
  height = '300px',
  schema,
  selectorFacts,
  ...field
}: CodeFieldProps) {
  return (
    <KitField<string | undefined>
      {...field}
      validateAll={(value, _allValues, meta) => {
        const text = value ?? '';
        const first =
          text.trim() === '' ? requiredMessage(field.required) : codeSyntaxError(text, language);
        if (!schema) return first;
        // With a schema every check answers as a promise, so the form keeps only the latest.
        if (first !== undefined || text === (meta?.initial ?? '')) return Promise.resolve(first);
        return Promise.resolve(schemaError(text, language, schema));
      }}
    >
      {({ input, error, disabled }) => (
        <div
          className={error ? 'mc-code-field mc-code-field-invalid' : 'mc-code-field'}
          onBlur={() => input.onBlur()}
          onFocus={() => input.onFocus()}
        >
          <CodeEditor
            label={field.label}
            value={input.value ?? ''}
            language={language}
            readOnly={disabled}
            onChange={(text) => input.onChange(text)}
            height={height}
            selectorFacts={selectorFacts}
          />
        </div>
      )}
    </KitField>
  );
}
