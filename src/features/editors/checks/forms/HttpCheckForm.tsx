import { Checkbox, FormGroup } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import { Field, useField, useForm } from 'react-final-form';
import type { TypeFormProps } from '../../types';
import type { Choice } from '../../../../ui/form/ChoiceField';
import { ChoiceField } from '../../../../ui/form/ChoiceField';
import { useFieldDisabled } from '../../../../ui/form/FormFieldGroup';
import { NameValueListField } from '../../../../ui/form/NameValueListField';
import type { FieldSpec } from '../../../../ui/form/FieldList';
import { field, FieldList } from '../../../../ui/form/FieldList';
import { SwitchField } from '../../../../ui/form/SelectField';
import { TextAreaField } from '../../../../ui/form/TextField';
import { ScriptField } from './ScriptField';
import { at, CheckFields, CREDENTIAL_FIELDS } from './common';

export { httpDefaults } from './defaults';

/** The request methods offered (spec 002 §3.8). */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
/** The methods that send a body. */
export const METHODS_WITH_BODY: readonly string[] = ['POST', 'PUT'];
/** The response codes a check may expect. */
export const RESPONSE_CODES = [200, 201, 202, 204, 301, 302, 401, 404, 500, 502, 503] as const;

/**
 * The authentication methods: each one is a user name and a password; NTLM adds `ntlm: true`,
 * NTLMv2 `ntlmv2: true` (canary-checker's fields).
 */
export function authChoices(prefix: string): Choice[] {
  const credentials = [at(prefix, 'username'), at(prefix, 'password')];
  return [
    { value: 'basic', label: 'Basic', owns: credentials },
    {
      value: 'ntlm',
      label: 'NTLM',
      owns: credentials,
      sets: { [at(prefix, 'ntlm')]: true },
      marks: [at(prefix, 'ntlm')],
    },
    {
      value: 'ntlmv2',
      label: 'NTLMv2',
      owns: credentials,
      sets: { [at(prefix, 'ntlmv2')]: true },
      marks: [at(prefix, 'ntlmv2')],
    },
  ];
}

interface CodesProps {
  name: string;
  disabled: boolean;
}

/** The codes offered: the allowed list, and any other code a loaded check already expects. */
export function offeredCodes(selected: readonly number[]): number[] {
  return [...new Set<number>([...RESPONSE_CODES, ...selected])].sort((a, b) => a - b);
}

/** The expected response codes: one checkbox a code, held as numbers in ascending order. */
function ResponseCodesField({ name, disabled }: CodesProps) {
  const { input } = useField<number[] | undefined>(name);
  const selected: number[] = Array.isArray(input.value) ? input.value : [];
  const codes = offeredCodes(selected);
  const toggle = (code: number, on: boolean) => {
    const next = codes.filter((c) => (c === code ? on : selected.includes(c)));
    input.onChange(next.length === 0 ? undefined : next);
  };
  return (
    <FormGroup label="Response codes" helperText="The check fails on any other code">
      <div role="group" aria-label="Response codes">
        {codes.map((code) => (
          <Checkbox
            key={code}
            inline
            label={String(code)}
            checked={selected.includes(code)}
            disabled={disabled}
            onChange={(event) => toggle(code, event.currentTarget.checked)}
          />
        ))}
      </div>
    </FormGroup>
  );
}

/** Whether a request of `method` (GET when none) sends a body. */
export function sendsBody(method: string | undefined): boolean {
  return METHODS_WITH_BODY.includes(method || 'GET');
}

/**
 * The body, for the methods that send one. Changing to a method without a body drops the body
 * written, so a GET is never saved with one; a check loaded that way is left as it is.
 */
function BodyFields({ prefix, disabled }: TypeFormProps) {
  const form = useForm();
  const {
    input: { value: method },
  } = useField<string | undefined>(at(prefix, 'method'), { subscription: { value: true } });
  const withBody = sendsBody(method);
  const hadBody = useRef(withBody);
  useEffect(() => {
    if (hadBody.current && !withBody) {
      form.batch(() => {
        form.change(at(prefix, 'body'), undefined);
        form.change(at(prefix, 'templateBody'), undefined);
      });
    }
    hadBody.current = withBody;
  }, [form, prefix, withBody]);
  return (
    <>
      {/* Registered while hidden: a field registering anew would take the loaded body back. */}
      <Field name={at(prefix, 'body')} subscription={{}} render={() => null} />
      <Field name={at(prefix, 'templateBody')} subscription={{}} render={() => null} />
      {withBody && (
        <>
          <TextAreaField name={at(prefix, 'body')} label="Body" rows={5} disabled={disabled} />
          <SwitchField
            name={at(prefix, 'templateBody')}
            label="Template the body (Go template)"
            disabled={disabled}
          />
        </>
      )}
    </>
  );
}

const REQUEST_FIELDS: readonly FieldSpec[] = [
  field('text', 'url', 'URL', { required: true }),
  field('select', 'method', 'Method', {
    options: HTTP_METHODS.map((method) => ({ value: method, label: method })),
  }),
];

const RESPONSE_FIELDS: readonly FieldSpec[] = [
  field('number', 'thresholdMillis', 'Threshold (ms)', {
    helperText: 'The check fails when the response takes longer',
  }),
  field('text', 'responseContent', 'Response content', {
    helperText: 'Text the response must contain',
  }),
  field('number', 'maxSSLExpiry', 'Max SSL expiry (days)', {
    helperText: 'The check fails when the certificate expires sooner',
  }),
];

/** The form of an HTTP check (spec 002 §3.8). */
export function HttpCheckForm({ prefix, disabled }: TypeFormProps) {
  const isDisabled = useFieldDisabled(disabled);
  return (
    <>
      <CheckFields prefix={prefix} disabled={disabled} fields={REQUEST_FIELDS} />
      <BodyFields prefix={prefix} disabled={disabled} />
      <NameValueListField name={at(prefix, 'headers')} label="Headers" disabled={disabled} />
      <ChoiceField label="Authentication" choices={authChoices(prefix)} disabled={disabled}>
        {() => <FieldList prefix={prefix} fields={CREDENTIAL_FIELDS} disabled={disabled} />}
      </ChoiceField>
      <ResponseCodesField name={at(prefix, 'responseCodes')} disabled={isDisabled} />
      <FieldList prefix={prefix} fields={RESPONSE_FIELDS} disabled={disabled} />
      <ScriptField name={at(prefix, 'test')} label="Test" disabled={disabled} />
      <ScriptField name={at(prefix, 'display')} label="Display" disabled={disabled} />
      <ScriptField name={at(prefix, 'transform')} label="Transform" disabled={disabled} />
    </>
  );
}
