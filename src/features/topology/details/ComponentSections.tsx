import { Button, Classes, Icon, Tag } from '@blueprintjs/core';
import type { IconName, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  useGetComponentChangesQuery,
  useGetComponentChecksQuery,
  useGetComponentConfigsQuery,
  useGetComponentIncidentsQuery,
  useGetComponentInsightsQuery,
} from '../../../api/endpoints/topology';
import type { ComponentChange } from '../../../api/schemas/topology';
import { paths } from '../../../shell/paths';
import { useFormatDate } from '../../../shell/useFormatDate';
import { StatusDot } from '../../../ui/StatusDot';
import type { TableQueryResult } from '../../../widgets/tableQueryState';
import { ConfigLabel } from './ConfigLabel';
import { PanelSection, SectionQueryView } from './PanelSection';
import {
  CHANGES_SHOWN,
  changeConfig,
  incidentSeverity,
  insightHref,
  linkedConfigs,
  shownChanges,
  sortChecks,
  word,
} from './model';

interface ListSectionProps<Item> {
  /** What the section holds, e.g. `Checks`: its title, "Loading checks", "No checks". */
  title: string;
  icon: IconName;
  query: TableQueryResult;
  /** How many items there are, in the title once known. */
  count: number | undefined;
  /** The items listed. */
  items: readonly Item[];
  /** One item's `<li>`. */
  row: (item: Item) => ReactNode;
  /** Below the list: "Showing 20 of 31" and the like. */
  footer?: ReactNode;
}

/** A section of the panel listing what one query answered, by the state of that query. */
function ListSection<Item>({
  title,
  icon,
  query,
  count,
  items,
  row,
  footer,
}: ListSectionProps<Item>) {
  const what = title.toLowerCase();
  return (
    <PanelSection title={title} count={count} icon={icon}>
      <SectionQueryView
        query={query}
        what={what}
        empty={items.length === 0}
        emptyText={`No ${what}`}
      >
        <ul className={`${Classes.LIST_UNSTYLED} mc-component-list`}>{items.map(row)}</ul>
        {footer}
      </SectionQueryView>
    </PanelSection>
  );
}

interface SectionProps {
  componentId: string;
}

/** The checks of the component (HEALTH-10), unhealthy first, each opening its detail. */
export function ChecksSection({ componentId }: SectionProps) {
  const query = useGetComponentChecksQuery(componentId);
  return (
    <ListSection
      title="Checks"
      icon="heart"
      query={query}
      count={query.data?.length}
      items={sortChecks(query.data ?? [])}
      row={(check) => (
        <li key={check.id} className="mc-component-row">
          <Link to={paths.check.getHref(check.id)} className="mc-component-row-main">
            <StatusDot status={check.status || 'unknown'} title={word(check.status) || 'Unknown'} />
            <Icon icon="heart" aria-hidden />
            <span className="mc-component-ellipsis" title={check.name ?? undefined}>
              {check.name || check.id}
            </span>
          </Link>
          <span className={`${Classes.TEXT_MUTED} mc-meta-text`}>
            {[check.type, word(check.severity)].filter(Boolean).join(' · ')}
          </span>
        </li>
      )}
    />
  );
}

/** The configs linked to the component (CAT-32, deleted ones left out), by name. */
export function ConfigsSection({ componentId }: SectionProps) {
  const query = useGetComponentConfigsQuery(componentId);
  const configs = linkedConfigs(query.data ?? []);
  return (
    <ListSection
      title="Configs"
      icon="settings"
      query={query}
      count={query.data ? configs.length : undefined}
      items={configs}
      row={(config) => (
        <li key={config.id} className="mc-component-row">
          <Link to={paths.catalogItem.getHref(config.id)} className="mc-component-row-main">
            <ConfigLabel config={config} />
          </Link>
          {config.type && (
            <span className={`${Classes.TEXT_MUTED} mc-meta-text`}>{config.type}</span>
          )}
        </li>
      )}
    />
  );
}

const SEVERITY_INTENTS: Readonly<Record<string, Intent>> = {
  critical: 'danger',
  high: 'danger',
  medium: 'warning',
  low: 'primary',
};

/** A severity as a small coloured tag. */
function Severity({ severity }: { severity: string | null | undefined }) {
  if (!severity) return null;
  return (
    <Tag minimal intent={SEVERITY_INTENTS[severity.toLowerCase()] ?? 'none'}>
      {word(severity)}
    </Tag>
  );
}

/**
 * The insights of the configs linked to the component (CAT-28): type, severity, message and
 * config, each opening the insight on its config item. The first page only, said so.
 */
export function InsightsSection({ componentId }: SectionProps) {
  const query = useGetComponentInsightsQuery(componentId);
  const insights = query.data?.insights ?? [];
  const total = query.data?.total;
  return (
    <ListSection
      title="Insights"
      icon="lightbulb"
      query={query}
      count={total}
      items={insights}
      row={(insight) => (
        <li key={insight.id} className="mc-component-insight">
          <Link to={insightHref(insight)} className="mc-component-insight-link mc-stack">
            <span className="mc-component-insight-head mc-row">
              <span className="mc-component-ellipsis">
                {word(insight.analysis_type) || insight.analyzer}
              </span>
              <Severity severity={insight.severity} />
            </span>
            <span
              className="mc-component-ellipsis mc-component-insight-message"
              title={insight.message ?? undefined}
            >
              {insight.message}
            </span>
            <span className={Classes.TEXT_MUTED}>
              <ConfigLabel config={insight.config} />
            </span>
          </Link>
        </li>
      )}
      footer={
        total !== undefined &&
        total > insights.length && (
          <p className={`${Classes.TEXT_MUTED} mc-component-more`}>
            Showing {insights.length} of {total}
          </p>
        )
      }
    />
  );
}

function ChangeRow({ change }: { change: ComponentChange }) {
  const config = changeConfig(change);
  return (
    <li className="mc-component-row">
      {change.change_type && (
        <Tag minimal className="mc-component-change-type" title={change.change_type}>
          {change.change_type}
        </Tag>
      )}
      {config ? (
        <Link to={paths.catalogItem.getHref(config.id)} className="mc-component-row-main">
          <ConfigLabel config={config} />
        </Link>
      ) : (
        <span className="mc-component-ellipsis">{change.name}</span>
      )}
    </li>
  );
}

/**
 * Recent changes of the configs linked to the component (CAT-22): change type and config, the
 * first twenty until "Show all".
 */
export function ChangesSection({ componentId }: SectionProps) {
  const query = useGetComponentChangesQuery(componentId);
  const [expanded, setExpanded] = useState(false);
  const changes = query.data ?? [];
  const shown = shownChanges(changes, expanded);
  return (
    <ListSection
      title="Changes"
      icon="changes"
      query={query}
      count={query.data?.length}
      items={shown}
      row={(change) => <ChangeRow key={change.id} change={change} />}
      footer={
        changes.length > CHANGES_SHOWN && (
          <div className="mc-component-more">
            <span className={Classes.TEXT_MUTED}>
              Showing {shown.length} of {changes.length}
            </span>
            <Button
              variant="minimal"
              size="small"
              aria-expanded={expanded}
              text={expanded ? 'Show fewer' : 'Show all'}
              onClick={() => setExpanded((value) => !value)}
            />
          </div>
        )
      }
    />
  );
}

/** The incidents of the component (INC-04), newest first: title, severity, status, date. */
export function IncidentsSection({ componentId }: SectionProps) {
  const formatDate = useFormatDate();
  const query = useGetComponentIncidentsQuery(componentId);
  return (
    <ListSection
      title="Incidents"
      icon="warning-sign"
      query={query}
      count={query.data?.length}
      items={query.data ?? []}
      row={(incident) => (
        <li key={incident.id} className="mc-component-incident mc-stack">
          <span className="mc-component-ellipsis" title={incident.title ?? undefined}>
            {incident.title || incident.id}
          </span>
          <span className={Classes.TEXT_MUTED}>
            {[incidentSeverity(incident), word(incident.status), formatDate(incident.created_at)]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </li>
      )}
    />
  );
}
