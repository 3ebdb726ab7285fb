import { Callout } from '@blueprintjs/core';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useGetPlaybookRunActionsQuery } from '../../../api/endpoints/playbooks';
import type { PlaybookRunDetail } from '../../../api/schemas/playbooks';
import { paths } from '../../../shell/paths';
import type { FormatDateFn } from '../../../shell/useFormatDate';
import { PersonLabel } from '../../../ui/Avatar';
import { modelUsage, sumUsage } from './model/results';
import {
  runDuration,
  runPlaybookTitle,
  runResource,
  runStart,
  specParameterTypes,
} from './model/runs';
import { UsageCost } from './results/UsageCost';
import { RunParameterValue } from './RunParameterValue';
import { RunPlaybookLink, RunResourceLink } from './RunResourceLink';
import { RunRetries } from './RunRetries';
import { RunStatusTag } from './RunStatusTag';

export interface RunSummaryProps {
  run: PlaybookRunDetail;
  children: readonly PlaybookRunDetail[];
  formatDate: FormatDateFn;
  now: Date;
}

/**
 * What the run's model calls cost, summed over its actions (PB-12, the request the actions
 * timeline makes too); undefined when none called a model.
 */
function useRunUsage(runId: string) {
  const { data } = useGetPlaybookRunActionsQuery(runId);
  return useMemo(() => sumUsage((data ?? []).map((action) => modelUsage(action.result))), [data]);
}

/**
 * A run at a glance: status, playbook (a link to its runs), resource, who ran it and when, how
 * long it took, what its model calls cost (tokens in a tooltip), its error, its parameters as a
 * key/value list (the configs a `configs` parameter picked as links to them), and its child
 * runs as links.
 */
export function RunSummary({ run, children, formatDate, now }: RunSummaryProps) {
  const resource = runResource(run);
  const usage = useRunUsage(run.id);
  const parameters = Object.entries(run.parameters ?? {});
  const types = specParameterTypes(run.playbooks?.spec);
  const person = typeof run.created_by === 'object' ? run.created_by : undefined;
  return (
    <section className="mc-run-summary" aria-label="Run">
      <dl className="mc-run-fields">
        <dt>Status</dt>
        <dd>
          <RunStatusTag status={run.status} />
        </dd>
        <dt>Playbook</dt>
        <dd>
          {run.playbook_id ? (
            <RunPlaybookLink run={run} to={paths.playbookRuns.getHref(run.playbook_id)} />
          ) : (
            runPlaybookTitle(run)
          )}
        </dd>
        {resource && (
          <>
            <dt>Resource</dt>
            <dd>
              <RunResourceLink resource={resource} />
            </dd>
          </>
        )}
        <dt>Run by</dt>
        <dd>
          <PersonLabel person={person} fallback="System" />
        </dd>
        <dt>Started</dt>
        <dd>{formatDate(runStart(run))}</dd>
        <dt>Duration</dt>
        <dd>{runDuration(run.start_time, run.end_time, now)}</dd>
        {usage && (
          <>
            <dt>Cost</dt>
            <dd>
              <UsageCost usage={usage} />
            </dd>
          </>
        )}
        <RunRetries run={run} />
      </dl>
      {run.error && (
        <Callout intent="danger" title="Error">
          {run.error}
        </Callout>
      )}
      {parameters.length > 0 && (
        <section aria-label="Parameters">
          <h3>Parameters</h3>
          <dl className="mc-run-fields mc-run-parameters">
            {parameters.map(([name, value]) => (
              <div key={name} className="mc-run-parameter">
                <dt>{name}</dt>
                <dd>
                  <RunParameterValue value={value} type={types[name]} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {children.length > 0 && (
        <section aria-label="Child runs">
          <h3>Child runs</h3>
          <ul className="mc-run-children">
            {children.map((child) => (
              <li key={child.id}>
                <Link to={paths.playbookRun.getHref(child.id)}>
                  {runResource(child)?.name ?? runPlaybookTitle(child)}
                </Link>{' '}
                <RunStatusTag status={child.status} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
