import { NonIdealState } from '@blueprintjs/core';
import type { PlaybookRunAction } from '../../../api/schemas/playbooks';
import type { FormatDateFn } from '../../../shell/useFormatDate';
import { ActionDetail } from './ActionDetail';
import { runDuration } from './model/runs';
import { RunStatusTag } from './RunStatusTag';

export interface RunActionsProps {
  actions: readonly PlaybookRunAction[];
  /** The id of the action shown in detail. */
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  /** The run's playbook spec, where each action's type is found. */
  spec: unknown;
  /** The polling interval of the selected action while the run goes on; 0 for none. */
  pollingInterval: number;
  formatDate: FormatDateFn;
  now: Date;
}

/**
 * The run's actions as a timeline (status, start, duration), each a button that shows the
 * action in detail beside it.
 */
export function RunActions({
  actions,
  selectedId,
  onSelect,
  spec,
  pollingInterval,
  formatDate,
  now,
}: RunActionsProps) {
  if (actions.length === 0) {
    return <NonIdealState icon="time" title="No actions have run yet" />;
  }
  const selected = actions.find((action) => action.id === selectedId) ?? actions[0];
  return (
    <div className="mc-run-actions">
      <ol className="mc-run-timeline" aria-label="Actions">
        {actions.map((action) => {
          const current = action.id === selected?.id;
          return (
            <li key={action.id}>
              <button
                type="button"
                className={current ? 'mc-run-step mc-run-step--current' : 'mc-run-step'}
                aria-current={current ? 'step' : undefined}
                onClick={() => onSelect(action.id)}
              >
                <span className="mc-run-step-name">{action.name}</span>
                <RunStatusTag status={action.status} />
                <time dateTime={action.start_time ?? undefined} className="mc-run-muted">
                  {formatDate(action.start_time ?? action.scheduled_time)}
                </time>
                <span className="mc-run-muted">
                  {runDuration(action.start_time, action.end_time, now)}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
      {selected && (
        <ActionDetail
          key={selected.id}
          action={selected}
          spec={spec}
          pollingInterval={pollingInterval}
        />
      )}
    </div>
  );
}
