/** Every type of incident history row the triggers write, in alphabetical order. */
export const INCIDENT_HISTORY_TYPES = [
  'evidence.created',
  'evidence.done_definition_added',
  'hypothesis.created',
  'hypothesis.status_updated',
  'incident.created',
  'incident.status_updated',
  'responder.commented',
  'responder.created',
];
