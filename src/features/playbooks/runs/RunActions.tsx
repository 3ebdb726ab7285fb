import { NonIdealState, SegmentedControl } from '@blueprintjs/core';
import { useMemo } from 'react';
import type { PlaybookRunAction, PlaybookRunDetail } from '../../../api/schemas/playbooks';
import { paths } from '../../../shell/paths';
import type { FormatDateFn } from '../../../shell/useFormatDate';
import { ActionDetail } from './ActionDetail';
import { runGraph } from './model/runGraph';
import { RunGraph } from './RunGraph';
import { RunTimeline } from './RunTimeline';

/** The run's two views: its graph and its timeline. */
export const RUN_VIEWS = ['graph', 'timeline'] as const;
export type RunView = (typeof RUN_VIEWS)[number];

const VIEW_OPTIONS = [
  { value: 'graph', label: 'Graph' },
  { value: 'timeline', label: 'Timeline' },
];

const childHref = (runId: string) => paths.playbookRun.getHref(runId);

/**
 * The action shown when none is chosen: the one that failed, else the one running, else the
 * first.
 */
export function actionToShow(actions: readonly PlaybookRunAction[]): PlaybookRunAction | undefined {
  return (
    actions.find((action) => action.status === 'failed') ??
    actions.find((action) => action.status === 'running') ??
    actions[0]
  );
}

export interface RunActionsProps {
  /** The run (PB-11). */
  run: PlaybookRunDetail;
  /** Its child runs (PB-11's `children`). */
  children: readonly PlaybookRunDetail[];
  /** Its actions in execution order (PB-12). */
  actions: readonly PlaybookRunAction[];
  /** The id of the action shown in detail; when none, the failed one, else the running one, else the first. */
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  /** The graph or the timeline. */
  view: RunView;
  onViewChange: (view: RunView) => void;
  /** The run's playbook spec, where each action's type is found. */
  spec: unknown;
  /** The polling interval of the selected action while the run goes on; 0 for none. */
  pollingInterval: number;
  formatDate: FormatDateFn;
  /** The time running actions have run to (the run's last reading). */
  now: Date;
}

/**
 * The run as a workflow: its actions and child runs as a graph or a timeline (switched with
 * the View control), and the selected action in detail below.
 */
export function RunActions({
  run,
  children,
  actions,
  selectedId,
  onSelect,
  view,
  onViewChange,
  spec,
  pollingInterval,
  formatDate,
  now,
}: RunActionsProps) {
  const model = useMemo(() => runGraph(run, actions, children), [run, actions, children]);
  if (actions.length === 0) {
    return <NonIdealState icon="time" title="No actions have run yet" />;
  }
  const selected = actions.find((action) => action.id === selectedId) ?? actionToShow(actions);
  return (
    <div className="mc-run-actions">
      <SegmentedControl
        size="small"
        aria-label="View"
        className="mc-run-view"
        options={VIEW_OPTIONS}
        value={view}
        onValueChange={(value) => onViewChange(value === 'timeline' ? 'timeline' : 'graph')}
      />
      {view === 'graph' ? (
        <RunGraph
          model={model}
          selectedActionId={selected?.id}
          onSelectAction={onSelect}
          childHref={childHref}
          now={now}
        />
      ) : (
        <RunTimeline
          nodes={model.nodes}
          selectedActionId={selected?.id}
          onSelectAction={onSelect}
          childHref={childHref}
          formatDate={formatDate}
          now={now}
        />
      )}
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
