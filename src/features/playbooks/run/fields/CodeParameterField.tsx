import type { CodeEditorProps } from '../../../../ui/CodeEditor/CodeEditor';
import { CodeEditor } from '../../../../ui/CodeEditor/CodeEditor';
import type { CodeSize } from '../../model/parameters';
import { codeLanguage, codeSize, parameterLabel } from '../../model/parameters';
import type { ParameterFieldProps } from './fieldProps';
import { ParameterChrome, textOf } from './fieldProps';

/** The editor's height for each code size (spec 002 §9); `full` takes most of the window. */
export const CODE_HEIGHTS: Record<CodeSize, string> = {
  'very-small': '80px',
  small: '160px',
  medium: '280px',
  large: '440px',
  full: '70vh',
};

/** The editor's highlighting for a parameter's language: JSON, YAML, else plain text. */
export function editorLanguage(language: string): NonNullable<CodeEditorProps['language']> {
  if (language === 'json') return 'json';
  if (language === 'yaml' || language === 'yml') return 'yaml';
  return 'plaintext';
}

/**
 * A code parameter in the kit's editor, in its language (`properties.language`, YAML by
 * default) and size (`properties.size`, small by default). The text is checked as it changes.
 */
export function CodeParameterField(props: ParameterFieldProps) {
  const { parameter, id, value, error, disabled, onChange, onBlur } = props;
  const size = codeSize(parameter);
  return (
    <ParameterChrome {...props}>
      <div
        id={id}
        className={error ? 'mc-run-code mc-run-code-invalid' : 'mc-run-code'}
        data-size={size}
        onBlur={onBlur}
      >
        <CodeEditor
          label={parameterLabel(parameter)}
          value={textOf(value)}
          language={editorLanguage(codeLanguage(parameter))}
          readOnly={disabled}
          onChange={(text) => onChange(text)}
          height={CODE_HEIGHTS[size]}
        />
      </div>
    </ParameterChrome>
  );
}
