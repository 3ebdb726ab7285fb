/**
 * The status dot of a resource's last job (the `job_status` column of `{table}_with_status`):
 * the job statuses of spec 002 §3.4 mapped onto the dot's colours (spec 002 §4.7).
 */
import type { StatusDotProps } from '../../../ui/StatusDot';

/** The word each job status is drawn as: SUCCESS green, FAILED red, WARNING orange, else grey. */
const DOT_WORDS: Readonly<Record<string, string>> = {
  SUCCESS: 'healthy',
  FAILED: 'unhealthy',
  WARNING: 'warning',
  RUNNING: 'unknown',
  STOPPED: 'suspended',
};

/** The dot of a job status, named after it; nothing for a resource that never ran. */
export function jobStatusDot(status: string | null | undefined): StatusDotProps | undefined {
  const text = (status ?? '').trim();
  if (text === '') return undefined;
  const word = DOT_WORDS[text.toUpperCase()] ?? 'unknown';
  return { status: word, title: text };
}
