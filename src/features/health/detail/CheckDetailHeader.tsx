import { Classes, Tag } from '@blueprintjs/core';
import type { CheckDetail } from '../../../api/schemas/checks';
import { CheckIcon } from '../CheckIcon';

/** The endpoint a check probes: its own column, else the usual fields of its spec. */
export function checkEndpoint(check: CheckDetail): string | undefined {
  if (check.endpoint) return check.endpoint;
  const spec = check.spec;
  if (typeof spec !== 'object' || spec === null) return undefined;
  const record = spec as Record<string, unknown>;
  for (const key of ['endpoint', 'url', 'host', 'query']) {
    const value = record[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

/** Under the title: the check's icon and type, namespace, endpoint and agent. */
export function CheckDetailHeader({ check }: { check: CheckDetail }) {
  const endpoint = checkEndpoint(check);
  const agent = check.agents?.name;
  return (
    <div className="check-detail-header" aria-label="Check summary" role="group">
      <span className="check-detail-type">
        <CheckIcon icon={check.icon} type={check.type} />
        {check.type && <span aria-label="Type">{check.type}</span>}
      </span>
      {check.namespace && (
        <Tag minimal round aria-label="Namespace">
          {check.namespace}
        </Tag>
      )}
      {endpoint && (
        <span className={`${Classes.TEXT_MUTED} check-detail-endpoint`} aria-label="Endpoint">
          {endpoint}
        </span>
      )}
      {agent && (
        <Tag minimal icon="cloud-server" aria-label="Agent">
          {agent}
        </Tag>
      )}
    </div>
  );
}
