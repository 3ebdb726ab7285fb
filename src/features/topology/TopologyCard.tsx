import { Button, Icon, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import type { KeyboardEvent, MouseEvent } from 'react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { TopologyComponent } from '../../api/schemas/topology';
import { formatCost } from '../../lib/cost';
import { PlainTag } from '../../ui/PlainTag';
import { StatusDot } from '../../ui/StatusDot';
import { PropertyList } from './components/PropertyValue';
import {
  checkCounts,
  componentHealth,
  componentIconName,
  componentName,
  healthColor,
  healthCounts,
  incidentCount,
  insightCount,
} from './model/component';
import { headlineProperties } from './model/properties';

/** Children a card lists before "+N more". */
export const CARD_CHILDREN_LIMIT = 6;

/** What a card's menu can do; the page decides which apply. */
export interface CardActions {
  /** Hide or unhide (absent without write access on topologies). */
  onToggleHidden?: (component: TopologyComponent) => void;
  onDownloadSnapshot: (component: TopologyComponent) => void;
  onCopyLink: (component: TopologyComponent) => void;
}

export interface TopologyCardProps {
  component: TopologyComponent;
  /** Where the card and its children lead. */
  hrefOf: (id: string) => string;
  /** The children the card lists (hidden ones already left out when they are not shown). */
  childComponents: TopologyComponent[];
  actions: CardActions;
  /** Width in pixels (the preference). */
  width: number;
}

function isInteractive(target: EventTarget | null, card: HTMLElement): boolean {
  for (let node = target as HTMLElement | null; node && node !== card; node = node.parentElement) {
    if (node.matches('a, button, input, [role="menu"], [role="menuitem"]')) return true;
  }
  return false;
}

function CardMenu({ component, actions }: { component: TopologyComponent; actions: CardActions }) {
  const name = componentName(component);
  return (
    <PopoverNext
      shouldReturnFocusOnClose={false}
      placement="bottom-end"
      content={
        <Menu aria-label={`Actions for ${name}`}>
          {actions.onToggleHidden && (
            <MenuItem
              icon={component.hidden ? 'eye-open' : 'eye-off'}
              text={component.hidden ? 'Unhide' : 'Hide'}
              onClick={() => actions.onToggleHidden?.(component)}
            />
          )}
          <MenuItem
            icon="download"
            text="Download snapshot"
            onClick={() => actions.onDownloadSnapshot(component)}
          />
          <MenuDivider />
          <MenuItem icon="link" text="Copy link" onClick={() => actions.onCopyLink(component)} />
        </Menu>
      }
    >
      <Button variant="minimal" size="small" icon="more" aria-label={`Actions for ${name}`} />
    </PopoverNext>
  );
}

/** Counts of the children by health, as coloured chips. */
function HealthSummary({ component }: { component: TopologyComponent }) {
  const counts = healthCounts(component.summary);
  if (counts.length === 0) return null;
  return (
    <ul className="mc-topology-health-summary" aria-label="Children by health">
      {counts.map(({ key, color, count }) => (
        <li key={key} className={`mc-topology-chip mc-topology-chip--${color}`} data-color={color}>
          {count} {key}
        </li>
      ))}
    </ul>
  );
}

function Footer({ component }: { component: TopologyComponent }) {
  const checks = checkCounts(component.summary);
  const incidents = incidentCount(component.summary);
  const insights = insightCount(component.summary);
  const cost = formatCost(component.cost_total_30d);
  const anyChecks = checks.healthy + checks.warning + checks.unhealthy > 0;
  if (!anyChecks && incidents === 0 && insights === 0 && !cost) return null;
  return (
    <div className="mc-topology-card-footer">
      {anyChecks && (
        <span className="mc-topology-stat" title="Checks: passing / warning / failing">
          <Icon icon="heart" size={12} aria-hidden />
          <span aria-label="Checks">
            <span className="mc-topology-stat--green">{checks.healthy}</span>
            {checks.warning > 0 && (
              <>
                {' / '}
                <span className="mc-topology-stat--orange">{checks.warning}</span>
              </>
            )}
            {' / '}
            <span className="mc-topology-stat--red">{checks.unhealthy}</span>
          </span>
        </span>
      )}
      {incidents > 0 && (
        <span className="mc-topology-stat" title="Open incidents">
          <Icon icon="issue" size={12} aria-hidden />
          {incidents} {incidents === 1 ? 'incident' : 'incidents'}
        </span>
      )}
      {insights > 0 && (
        <span className="mc-topology-stat" title="Open insights">
          <Icon icon="lightbulb" size={12} aria-hidden />
          {insights} {insights === 1 ? 'insight' : 'insights'}
        </span>
      )}
      {cost && (
        <span className="mc-topology-stat" title="Cost over the last 30 days">
          <Icon icon="dollar" size={12} aria-hidden />
          {cost} / 30d
        </span>
      )}
    </div>
  );
}

function Children({
  childComponents,
  hrefOf,
}: {
  childComponents: TopologyComponent[];
  hrefOf: (id: string) => string;
}) {
  if (childComponents.length === 0) return null;
  const shown = childComponents.slice(0, CARD_CHILDREN_LIMIT);
  const more = childComponents.length - shown.length;
  return (
    <ul className="mc-topology-children" aria-label="Children">
      {shown.map((child) => (
        <li key={child.id}>
          <StatusDot status={componentHealth(child)} />
          <Icon icon={componentIconName(child)} size={12} aria-hidden />
          <Link to={hrefOf(child.id)} className="mc-topology-child-name">
            {componentName(child)}
          </Link>
          {child.hidden && (
            <PlainTag minimal round className="mc-topology-hidden-tag">
              Hidden
            </PlainTag>
          )}
        </li>
      ))}
      {more > 0 && <li className="mc-topology-children-more">+{more} more</li>}
    </ul>
  );
}

/**
 * A component as a card: icon, name, type, health colour and reason, headline properties, its
 * children by health, checks, incidents, insights and cost, and its children. The card (and
 * Enter on it) leads to the component's page; its menu hides it, downloads a snapshot or copies
 * its link.
 */
export function TopologyCard({
  component,
  hrefOf,
  childComponents,
  actions,
  width,
}: TopologyCardProps) {
  const navigate = useNavigate();
  const name = componentName(component);
  const health = componentHealth(component);
  const color = healthColor(health);
  const href = hrefOf(component.id);
  const headline = useMemo(() => headlineProperties(component.properties), [component.properties]);

  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (isInteractive(event.target, event.currentTarget)) return;
    navigate(href);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) navigate(href);
  };

  return (
    <article
      className={`mc-topology-card mc-topology-card--${color}${component.hidden ? ' mc-topology-card--hidden' : ''}`}
      style={{ width }}
      aria-label={name}
      data-health={health}
      tabIndex={0}
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      <header className="mc-row">
        <Icon icon={componentIconName(component)} size={20} className="mc-topology-card-icon" />
        <div className="mc-topology-card-title">
          <Link to={href} className="mc-topology-card-name" title={name}>
            {name}
          </Link>
          <span className="mc-topology-card-type">
            {[component.type, component.namespace].filter(Boolean).join(' · ')}
          </span>
        </div>
        {component.hidden && (
          <PlainTag minimal round className="mc-topology-hidden-tag">
            Hidden
          </PlainTag>
        )}
        <StatusDot status={health} title={`Health: ${health}`} />
        <CardMenu component={component} actions={actions} />
      </header>
      {component.status_reason && health !== 'healthy' && (
        <p className={`mc-topology-card-reason mc-topology-card-reason--${color}`}>
          {component.status_reason}
        </p>
      )}
      <PropertyList views={headline} className="mc-topology-card-properties" />
      <HealthSummary component={component} />
      <Children childComponents={childComponents} hrefOf={hrefOf} />
      <Footer component={component} />
    </article>
  );
}
