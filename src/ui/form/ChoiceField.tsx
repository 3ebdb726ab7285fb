import { HTMLSelect } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Fragment, useEffect, useId, useState } from 'react';
import { getIn } from 'final-form';
import { Field, useForm } from 'react-final-form';
import { FormFieldGroup, useFieldDisabled } from './FormFieldGroup';

/** The value of the choice "none of them". */
export const NO_CHOICE = '';

/** One of the mutually exclusive ways of filling a part of a form (an auth method, a script). */
export interface Choice {
  value: string;
  label: string;
  /**
   * The fields (full names) this choice's inputs edit: cleared when another one is chosen.
   * List each field an input edits, not only the object holding them (see `ChoiceField`).
   */
  owns: readonly string[];
  /** Values (by full name) set when the choice is chosen: `{ 'spec.ntlm': true }`. */
  sets?: Readonly<Record<string, unknown>>;
  /**
   * The fields whose being filled in tells the values hold this choice; default `owns` and the
   * keys of `sets`. NTLM, which shares the user name with basic auth, is told by `ntlm` alone.
   */
  marks?: readonly string[];
}

/**
 * Whether a form value counts as filled in: not empty, not blank, not false. An object counts
 * once it is there, even empty (`awsConnection: {}` is a chosen connection still to fill in).
 */
export function isFilled(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/**
 * The choice the values hold: the last of `choices` with a field filled in (so a choice that
 * shares fields with an earlier one and adds its own mark, like NTLM over basic, wins), or
 * `NO_CHOICE`.
 */
export function detectChoice(choices: readonly Choice[], values: object): string {
  let found = NO_CHOICE;
  for (const choice of choices) {
    const marks = choice.marks ?? [...choice.owns, ...Object.keys(choice.sets ?? {})];
    if (marks.some((name) => isFilled(getIn(values, name)))) found = choice.value;
  }
  return found;
}

export interface ChoiceFieldProps {
  /** The selector's label ("Authentication"). */
  label: string;
  choices: readonly Choice[];
  /** The label of "none of them"; default "None". */
  noneLabel?: string;
  helperText?: ReactNode;
  disabled?: boolean;
  /** The fields of the chosen one (nothing is rendered for "none"). */
  children: (choice: string) => ReactNode;
}

/**
 * A selector between mutually exclusive groups of fields, and the chosen group's fields.
 * What is chosen is read from the values (a loaded record shows its method); choosing another
 * clears every field the choices own, then sets the new choice's `sets`. A choice picked but
 * not filled in yet stays shown.
 *
 * Every owned field stays registered while its input is hidden: a field registering anew takes
 * the form's initial value again, which would bring a cleared value back on choosing it again.
 */
export function ChoiceField({
  label,
  choices,
  noneLabel = 'None',
  helperText,
  disabled,
  children,
}: ChoiceFieldProps) {
  const id = useId();
  const form = useForm();
  const isDisabled = useFieldDisabled(disabled);
  const [picked, setPicked] = useState<string>(() => detectChoice(choices, form.getState().values));
  // Only a change of what the values hold renders again, not every keystroke in the form.
  const [detected, setDetected] = useState(picked);
  const marksKey = JSON.stringify(choices);
  useEffect(
    () =>
      form.subscribe(({ values }) => setDetected(detectChoice(choices, values)), { values: true }),
    // `choices` is rebuilt each render by most callers: what matters is what it says.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [form, marksKey],
  );
  const chosen = detected !== NO_CHOICE ? detected : picked;

  const choose = (next: string) => {
    setPicked(next);
    form.batch(() => {
      for (const choice of choices) {
        for (const name of [...choice.owns, ...Object.keys(choice.sets ?? {})]) {
          form.change(name, undefined);
        }
      }
      const sets = choices.find((choice) => choice.value === next)?.sets ?? {};
      for (const [name, value] of Object.entries(sets)) form.change(name, value);
    });
  };

  const owned = [...new Set(choices.flatMap((choice) => choice.owns))];
  return (
    <>
      {owned.map((name) => (
        <Field key={name} name={name} subscription={{}} render={() => null} />
      ))}
      <FormFieldGroup id={id} label={label} helperText={helperText} error={undefined}>
        <HTMLSelect
          id={id}
          value={chosen}
          disabled={isDisabled}
          onChange={(event) => choose(event.currentTarget.value)}
          options={[
            { value: NO_CHOICE, label: noneLabel },
            ...choices.map(({ value, label: text }) => ({ value, label: text })),
          ]}
        />
      </FormFieldGroup>
      {/* Keyed: a field of one choice is never reused, with its state, for another's. */}
      {chosen !== NO_CHOICE && <Fragment key={chosen}>{children(chosen)}</Fragment>}
    </>
  );
}
