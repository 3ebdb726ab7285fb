import { useMemo } from 'react';
import type { SpecRecordFormProps } from './SpecRecordForm';
import { SpecRecordForm } from './SpecRecordForm';

/** The form's accessible name. */
export const LOG_BACKEND_FORM_LABEL = 'Log Backend';

export type LogBackendFormProps = SpecRecordFormProps;

/**
 * A log backend (spec 002 §2.3, §5.2): Name (required), Labels and the Spec in YAML. Add or
 * Update; the footer is hidden when the record has a source (it is managed elsewhere).
 */
export function LogBackendForm(props: LogBackendFormProps) {
  const source = props.record?.source;
  const hideFooter = source !== undefined && source !== null && source !== '';
  const shape = useMemo(
    () => ({
      label: LOG_BACKEND_FORM_LABEL,
      submit: {
        create: ['Add', 'Adding'] as const,
        edit: ['Update', 'Updating'] as const,
      },
      disableInvalid: false,
      hideFooter,
    }),
    [hideFooter],
  );
  return <SpecRecordForm {...props} shape={shape} />;
}
