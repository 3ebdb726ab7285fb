import type { Choice } from '../../../../ui/form/ChoiceField';
import { ChoiceField } from '../../../../ui/form/ChoiceField';
import { TextAreaField } from '../../../../ui/form/TextField';

/** The languages of a check's test, display and transform scripts, by their spec key. */
export const SCRIPT_LANGUAGES = [
  { value: 'template', label: 'Go template' },
  { value: 'javascript', label: 'Javascript' },
  { value: 'expr', label: 'Expr' },
  { value: 'jsonPath', label: 'JSONPath' },
] as const;

/** The choices of a script held at `name`: one key of `{template|javascript|expr|jsonPath}`. */
export function scriptChoices(name: string): Choice[] {
  return SCRIPT_LANGUAGES.map(({ value, label }) => ({
    value,
    label,
    owns: [`${name}.${value}`],
  }));
}

export interface ScriptFieldProps {
  /** Where the script is held (`spec.http[0].test`). */
  name: string;
  /** "Test", "Display", "Transform". */
  label: string;
  disabled?: boolean;
}

/**
 * A check's script (canary-checker's `test`, `display`, `transform`): None or one language,
 * and the script's text in it. Choosing another language drops the script written before.
 */
export function ScriptField({ name, label, disabled }: ScriptFieldProps) {
  return (
    <ChoiceField label={label} choices={scriptChoices(name)} disabled={disabled}>
      {(language) => {
        const chosen = SCRIPT_LANGUAGES.find(({ value }) => value === language);
        return (
          <TextAreaField
            key={language}
            name={`${name}.${language}`}
            label={`${label} (${chosen?.label ?? language})`}
            rows={4}
            disabled={disabled}
          />
        );
      }}
    </ChoiceField>
  );
}
