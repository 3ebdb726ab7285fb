import { Callout } from '@blueprintjs/core';
import { useGetJobPropertiesQuery } from '../../api/endpoints/jobHistory';
import { useSetPropertiesMutation } from '../../api/endpoints/properties';
import { toErrorMessage } from '../../api/errors';
import { FormDialog } from '../../ui/form/FormDialog';
import { ScheduleField } from '../../ui/form/ScheduleField';
import { SelectField, SwitchField } from '../../ui/form/SelectField';
import { TextField } from '../../ui/form/TextField';
import type { JobOverrideValues } from './model/overrides';
import {
  jobScheduleError,
  overrideValues,
  overrideWrites,
  retentionError,
} from './model/overrides';

export const OVERRIDES_TITLE = 'Job overrides';
/** What the dialog says its settings are. */
export const OVERRIDES_HINT =
  'Stored as properties (jobs.<name>.*) and read by the job at its next run; an empty field keeps the job’s own setting.';

const LOG_LEVEL_OPTIONS = [
  { value: 'info', label: 'Info (default)' },
  { value: 'debug', label: 'Debug' },
  { value: 'trace', label: 'Trace' },
] as const;

export interface JobOverridesDialogProps {
  isOpen: boolean;
  /** The job's name. */
  job: string;
  /** Whether the user may write properties; else the dialog only shows the overrides. */
  canWrite: boolean;
  onClose: () => void;
}

/**
 * A job's overrides: its schedule (a preset, `@every` and a duration, or a five-field cron),
 * how many successful and failed runs it keeps, its log level, and whether it is disabled.
 * Saving sets the properties that changed and removes those put back to the job's own; a
 * failure keeps the values and shows the server's reason.
 */
export function JobOverridesDialog({ isOpen, job, canWrite, onClose }: JobOverridesDialogProps) {
  const query = useGetJobPropertiesQuery(job);
  const [setProperties] = useSetPropertiesMutation();
  const properties = query.data ?? [];
  return (
    <FormDialog<JobOverrideValues>
      isOpen={isOpen}
      title={`${OVERRIDES_TITLE}: ${job}`}
      icon="cog"
      size="small"
      mode="edit"
      submitText="Save"
      busyText="Saving"
      loading={query.isLoading}
      readOnly={!canWrite || query.error !== undefined}
      initialValues={query.data ? overrideValues(job, query.data) : undefined}
      validate={(values) => {
        const errors: Record<string, string> = {};
        const schedule = jobScheduleError(values.schedule);
        if (schedule) errors.schedule = schedule;
        const success = retentionError(values.retentionSuccess);
        if (success) errors.retentionSuccess = success;
        const failed = retentionError(values.retentionFailed);
        if (failed) errors.retentionFailed = failed;
        return errors;
      }}
      onClose={onClose}
      onSubmit={async (values) => {
        const writes = overrideWrites(job, values, properties);
        if (writes.length > 0) await setProperties(writes).unwrap();
      }}
    >
      {query.error !== undefined ? (
        <Callout intent="danger" role="alert">
          {toErrorMessage(query.error)}
        </Callout>
      ) : (
        <>
          <p className="mc-job-overrides-hint">{OVERRIDES_HINT}</p>
          <ScheduleField name="schedule" label="Schedule" kind="medium" />
          <div className="mc-job-overrides-row">
            <TextField name="retentionSuccess" label="Successful runs kept" />
            <TextField name="retentionFailed" label="Failed runs kept" />
          </div>
          <SelectField name="logLevel" label="Log level" options={LOG_LEVEL_OPTIONS} />
          <SwitchField name="disabled" label="Disabled: the job does not run" />
        </>
      )}
    </FormDialog>
  );
}
