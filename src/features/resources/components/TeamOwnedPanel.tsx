import { Classes, H4 } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { useGetConfigSummaryQuery } from '../../../api/endpoints/catalog';
import type { OwnedComponent } from '../../../api/endpoints/ownership';
import { TEAM_COMPONENTS_LIMIT, useGetTeamComponentsQuery } from '../../../api/endpoints/ownership';
import type { ConfigSummaryRow } from '../../../api/schemas/catalog';
import { paths } from '../../../shell/paths';
import { useOwnerLabel } from '../../../shell/ShellContext';
import { PlainTable } from '../../../ui/PlainTable';
import type { PlainColumn } from '../../../ui/PlainTable';
import { QueryView } from '../../../ui/QueryView';
import { StatusDot } from '../../../ui/StatusDot';
import { queryViewState } from '../../../widgets/tableQueryState';

/** The panel's words. */
export const TEAM_OWNED = {
  label: 'Owned by the team',
  loading: 'Loading what the team owns',
  loadError: 'Error loading what the team owns',
  empty: 'The team owns no config items',
  itemsHeading: 'Config items',
  componentsHeading: 'Components',
  componentsLabel: 'Components owned by the team',
  componentsLoading: 'Loading the components the team owns',
  componentsLoadError: 'Error loading the components the team owns',
  componentsEmpty: 'The team owns no components',
  componentsEmptyHint: (label: string) =>
    `Components are the team's when their "${label}" label names it.`,
  componentsCapped: (shown: number) => `The first ${shown} by name.`,
  emptyHint: (label: string) => `Items are the team's when their "${label}" label names it.`,
} as const;

/** The health words in the order they are shown. */
const HEALTH_ORDER = ['healthy', 'warning', 'unhealthy', 'unknown'];

/** `3 healthy`, `1 unhealthy`…, each with its dot; the words a row has, in a fixed order. */
function HealthCounts({ health }: { health: ConfigSummaryRow['health'] }) {
  const entries = Object.entries(health ?? {})
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => rank(a) - rank(b));
  return (
    <span className="mc-row">
      {entries.map(([word, count]) => (
        <span key={word} className="mc-row">
          <StatusDot status={word} />
          <span>
            {count} {word}
          </span>
        </span>
      ))}
    </span>
  );
}

function rank(word: string): number {
  const at = HEALTH_ORDER.indexOf(word);
  return at === -1 ? HEALTH_ORDER.length : at;
}

const total = (counts: ConfigSummaryRow['analysis']) =>
  Object.values(counts ?? {}).reduce((sum, count) => sum + count, 0);

const COLUMNS: PlainColumn<ConfigSummaryRow>[] = [
  { header: 'Items', cell: (row) => row.count ?? 0 },
  { header: 'Health', cell: (row) => <HealthCounts health={row.health} /> },
  { header: 'Open insights (30d)', cell: (row) => total(row.analysis) },
  { header: 'Changes (30d)', cell: (row) => row.changes ?? 0 },
];

const COMPONENT_COLUMNS: PlainColumn<OwnedComponent>[] = [
  { header: 'Type', cell: (row) => row.type ?? '' },
  {
    header: 'Health',
    cell: (row) =>
      row.health ? (
        <span className="mc-row">
          <StatusDot status={row.health} />
          <span>{row.health}</span>
        </span>
      ) : null,
  },
  { header: 'Status', cell: (row) => row.status ?? '' },
];

/** The components whose owner label names the team, each a link to its topology page. */
function TeamComponents({ label, team }: { label: string; team: string }) {
  const query = useGetTeamComponentsQuery({ label, team }, { skip: team === '' });
  return (
    <QueryView
      {...queryViewState(query)}
      size="panel"
      loadingLabel={TEAM_OWNED.componentsLoading}
      errorTitle={TEAM_OWNED.componentsLoadError}
      isEmpty={(rows) => rows.length === 0}
      empty={{
        title: TEAM_OWNED.componentsEmpty,
        text: TEAM_OWNED.componentsEmptyHint(label),
        icon: 'graph',
      }}
    >
      {(rows) => (
        <>
          <PlainTable
            label={TEAM_OWNED.componentsLabel}
            rowKey={(row) => row.id}
            rowHeading={{
              header: 'Component',
              cell: (row) => (
                <Link to={paths.topologyComponent.getHref(row.id)}>{row.name ?? row.id}</Link>
              ),
            }}
            columns={COMPONENT_COLUMNS}
            rows={rows}
          />
          {rows.length >= TEAM_COMPONENTS_LIMIT && (
            <p className={Classes.TEXT_MUTED}>
              {TEAM_OWNED.componentsCapped(TEAM_COMPONENTS_LIMIT)}
            </p>
          )}
        </>
      )}
    </QueryView>
  );
}

/**
 * A team's Owned tab: the config items whose owner label names the team, by type, with their
 * health, open insights and recent changes (CAT-02 grouped by type, `filter: { owner: team }`),
 * then the components it owns.
 */
export function TeamOwnedPanel({ teamName }: { teamName: string | null | undefined }) {
  const label = useOwnerLabel();
  const name = teamName ?? '';
  const query = useGetConfigSummaryQuery(
    { groupBy: ['type'], deleted: false, filter: { [label]: name } },
    { skip: name === '' },
  );
  return (
    <>
      <H4 className="mc-owned-heading">{TEAM_OWNED.itemsHeading}</H4>
      <QueryView
        {...queryViewState(query)}
        size="panel"
        loadingLabel={TEAM_OWNED.loading}
        errorTitle={TEAM_OWNED.loadError}
        isEmpty={(rows) => rows.length === 0}
        empty={{ title: TEAM_OWNED.empty, text: TEAM_OWNED.emptyHint(label), icon: 'cube' }}
      >
        {(rows) => (
          <PlainTable
            label={TEAM_OWNED.label}
            rowKey={(row) => row.type ?? ''}
            rowHeading={{ header: 'Type', cell: (row) => row.type }}
            columns={COLUMNS}
            rows={[...rows].sort((a, b) => (a.type ?? '').localeCompare(b.type ?? ''))}
          />
        )}
      </QueryView>
      <H4 className="mc-owned-heading">{TEAM_OWNED.componentsHeading}</H4>
      <TeamComponents label={label} team={name} />
    </>
  );
}
