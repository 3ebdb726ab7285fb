import { Callout, Classes, Menu, MenuItem } from '@blueprintjs/core';
import { useMemo } from 'react';
import { machineRegistry } from '../../../../machines/registry';
import { FLOWS_STATE } from '../../../shell/paths';
import { usePageHeader } from '../../../ui/pageHeader';
import { Statechart } from '../../../ui/Statechart/Statechart';
import { useUrlState } from '../../../widgets/useUrlState';
import { buildCoverage, chartCoverage } from './buildCoverage';
import './flows.css';

export const PAGE_TITLE = 'Flows';

/**
 * `/settings/flows`: every machine of the console drawn from its definition, with what the
 * generated-path tests reached of it (when the build had their coverage files). The chosen
 * machine is in the address (`?machine=<id>`).
 */
export function FlowsPage() {
  usePageHeader({ title: PAGE_TITLE });
  const { state, set } = useUrlState(FLOWS_STATE);
  const asked = state.machine;
  const chosen = machineRegistry.find((entry) => entry.id === asked) ?? machineRegistry[0];
  const report = useMemo(() => buildCoverage(), []);
  const coverage = useMemo(
    () => (report && chosen ? chartCoverage(report, chosen.id) : undefined),
    [report, chosen],
  );

  return (
    <div className="mc-page mc-flows">
      <nav className="mc-flows__list" aria-label="Machines">
        <Menu>
          {machineRegistry.map((entry) => (
            <MenuItem
              key={entry.id}
              text={entry.label}
              label={entry.id}
              active={entry === chosen}
              aria-current={entry === chosen ? 'page' : undefined}
              onClick={() => set('machine', entry.id)}
            />
          ))}
        </Menu>
      </nav>
      {chosen ? (
        <section className="mc-flows__machine" aria-label={`Machine ${chosen.label}`}>
          <h2 className="mc-flows__title">
            {chosen.label} <code className={Classes.TEXT_MUTED}>machines/{chosen.file}</code>
          </h2>
          {asked !== undefined && asked !== chosen.id ? (
            <Callout intent="warning" compact>
              There is no machine {asked}; showing {chosen.label}.
            </Callout>
          ) : null}
          {report ? (
            <p className={Classes.TEXT_MUTED}>
              Coverage by the generated-path tests of {new Date(report.generatedAt).toISOString()}:
              green was reached, red was not.
            </p>
          ) : (
            <Callout intent="primary" compact>
              Coverage is not available for this build: it is included when the build follows a test
              run (npm test writes it).
            </Callout>
          )}
          <Statechart key={chosen.id} machine={chosen.machine} coverage={coverage} />
        </section>
      ) : null}
    </div>
  );
}
