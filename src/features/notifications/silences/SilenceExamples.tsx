import { Button, Classes, Icon } from '@blueprintjs/core';
import { useState } from 'react';
import { useForm } from 'react-final-form';
import { useFieldDisabled } from '../../../ui/form/FormFieldGroup';
import type { SilenceFormValues } from './model/silenceForm';

/** Mission Control's documentation of silences (a link; nothing is fetched from it). */
export const SILENCES_HELP_URL =
  'https://flanksource.com/docs/guide/notifications/concepts/silences';
export const HELP_TEXT = 'About notification silences';

/** Examples of each target; a filter's or selectors' example fills its field. */
export const FILTER_EXAMPLES = [
  "config.type == 'Kubernetes::Pod' && config.tags.namespace == 'payments'",
  "name.startsWith('web-') && health == 'unhealthy'",
  "check.type == 'http'",
] as const;

export const SELECTOR_EXAMPLES = [
  '- types: [Kubernetes::Pod]\n  tagSelector: namespace=payments',
  '- name: web-*\n- name: api-*',
] as const;

/** One example: the text, and a button that puts it in its field. */
function Example({ field, text }: { field: 'filter' | 'selectors'; text: string }) {
  const form = useForm<SilenceFormValues>();
  const disabled = useFieldDisabled(false);
  return (
    <li className="mc-silence-example">
      <pre>{text}</pre>
      <Button
        size="small"
        variant="minimal"
        text="Use"
        aria-label={`Use ${field === 'filter' ? 'filter' : 'selectors'} ${text}`}
        disabled={disabled}
        onClick={() => {
          form.change(field, text);
          form.blur(field);
        }}
      />
    </li>
  );
}

/**
 * What each target looks like: a resource (picked by name), CEL filters and selectors in YAML,
 * behind an "Examples" toggle (they hold nothing, so they are drawn only while open; the kit's
 * Collapsible would bring its animation code to this page); with the link to the documentation
 * of silences.
 */
export function SilenceExamples() {
  const [open, setOpen] = useState(false);
  return (
    <div className="mc-silence-examples">
      <Button
        variant="minimal"
        icon={open ? 'chevron-down' : 'chevron-right'}
        text="Examples"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      />
      {open && (
        <div>
          <p className={Classes.TEXT_SMALL}>
            A resource: choose its kind and search it by name (e.g. the config{' '}
            <code>orders-db</code>
            ); recursive also silences its children.
          </p>
          <p className={Classes.TEXT_SMALL}>A CEL filter over the resource:</p>
          <ul className="mc-silence-example-list">
            {FILTER_EXAMPLES.map((text) => (
              <Example key={text} field="filter" text={text} />
            ))}
          </ul>
          <p className={Classes.TEXT_SMALL}>Selectors, a list in YAML (any one matches):</p>
          <ul className="mc-silence-example-list">
            {SELECTOR_EXAMPLES.map((text) => (
              <Example key={text} field="selectors" text={text} />
            ))}
          </ul>
        </div>
      )}
      <p className={Classes.TEXT_SMALL}>
        <a href={SILENCES_HELP_URL} target="_blank" rel="noreferrer">
          <Icon icon="help" size={12} aria-hidden /> {HELP_TEXT}
        </a>
      </p>
    </div>
  );
}
