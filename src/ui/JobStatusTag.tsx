import { Tag } from '@blueprintjs/core';
import type { Intent } from '@blueprintjs/core';
import type { JobStatusColor } from '../lib/jobStatus';
import { jobStatusColor, jobStatusLabel } from '../lib/jobStatus';

const INTENTS: Record<JobStatusColor, Intent> = {
  green: 'success',
  orange: 'warning',
  red: 'danger',
  blue: 'primary',
  grey: 'none',
};

/** A job run's status as a coloured tag: Success green, Warning orange, Failed red, … */
export function JobStatusTag({ status }: { status: string | null | undefined }) {
  if (!status) return null;
  const color = jobStatusColor(status);
  return (
    <Tag minimal round intent={INTENTS[color]} data-color={color} className="mc-job-status">
      {jobStatusLabel(status)}
    </Tag>
  );
}
