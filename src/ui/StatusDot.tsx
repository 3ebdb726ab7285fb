import { statusColor } from '../lib/status';
import './ui.css';

export interface StatusDotProps {
  /** A status word (`healthy`, `unhealthy`, `warning`, `suspended`, …), any case. */
  status?: string | null;
  /** Whether the item, or every member of a group, is good. */
  good?: boolean;
  /** Whether a group has both good and bad members (orange). */
  mixed?: boolean;
  /** Tooltip and accessible name. Default: the status, else `Healthy`, `Unhealthy` or `Mixed`. */
  title?: string;
  /** Extra class on the dot. */
  className?: string;
}

function defaultTitle({ status, good, mixed }: StatusDotProps): string {
  if (status && status.trim() !== '') return status.trim();
  if (mixed) return 'Mixed';
  return good === false ? 'Unhealthy' : 'Healthy';
}

/**
 * A coloured dot for a status (see `statusColor`): red, grey, orange or green. Renders
 * nothing for an empty status without flags.
 */
export function StatusDot(props: StatusDotProps) {
  const color = statusColor(props);
  if (!color) return null;
  const title = props.title ?? defaultTitle(props);
  const classes = ['mc-status-dot', `mc-status-dot--${color}`, props.className]
    .filter(Boolean)
    .join(' ');
  return (
    <span role="img" aria-label={title} title={title} data-color={color} className={classes} />
  );
}
