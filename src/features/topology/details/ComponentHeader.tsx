import { Classes, Icon } from '@blueprintjs/core';
import type { TopologyComponent } from '../../../api/schemas/topology';
import { StatusDot } from '../../../ui/StatusDot';
import { componentTitle, word } from './model';

/** The component's name, type, status with its reason, and description. */
export function ComponentHeader({ component }: { component: TopologyComponent }) {
  const title = componentTitle(component);
  const status = component.status || component.health;
  return (
    <header className="mc-component-details-header">
      <h2 className={`${Classes.HEADING} mc-component-details-title`}>
        <Icon icon="cube" aria-hidden />
        <span className="mc-component-ellipsis" title={title}>
          {title}
        </span>
      </h2>
      {component.type && <div className={Classes.TEXT_MUTED}>{component.type}</div>}
      {status && (
        <div className="mc-component-details-status">
          <StatusDot status={status} title={word(status)} />
          <span>{word(status)}</span>
        </div>
      )}
      {component.status_reason && (
        <p className="mc-component-details-reason">{component.status_reason}</p>
      )}
      {component.description && (
        <p className="mc-component-details-description">{component.description}</p>
      )}
    </header>
  );
}
