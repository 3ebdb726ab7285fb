/**
 * The event names a notification rule can listen to: the events Mission Control emits and its
 * notification consumer subscribes to (mission-control `api/event.go` and duty `api/event.go`,
 * the constants `EventCheckPassed` … `EventIncidentStatusCancelled`, and the health events
 * raised for configs and components by the config and topology consumers; the playbook
 * approval events of the playbook package). A rule saved with another name (a newer backend)
 * keeps it: the form shows unknown names as they are.
 */

/** The events, grouped by what they are about, in the order the form lists them. */
export const RULE_EVENT_GROUPS = [
  { label: 'Health checks', events: ['check.passed', 'check.failed'] },
  {
    label: 'Catalog',
    events: [
      'config.healthy',
      'config.unhealthy',
      'config.warning',
      'config.degraded',
      'config.unknown',
      'config.created',
      'config.updated',
      'config.deleted',
    ],
  },
  {
    label: 'Topology',
    events: ['component.healthy', 'component.unhealthy', 'component.warning', 'component.unknown'],
  },
  {
    label: 'Incidents',
    events: [
      'incident.created',
      'incident.responder.added',
      'incident.responder.removed',
      'incident.comment.added',
      'incident.dod.added',
      'incident.dod.passed',
      'incident.dod.regressed',
      'incident.status.open',
      'incident.status.investigating',
      'incident.status.mitigated',
      'incident.status.resolved',
      'incident.status.closed',
      'incident.status.cancelled',
    ],
  },
  {
    label: 'Playbooks',
    events: ['playbook.approval.inserted', 'playbook.spec.approval.updated'],
  },
] as const;

/** Every event name, in the form's order. */
export const RULE_EVENTS: readonly string[] = RULE_EVENT_GROUPS.flatMap((group) => group.events);
