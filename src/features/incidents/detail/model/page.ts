const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an address's id can name an incident (incident ids are UUIDs). */
export function isIncidentId(id: string | undefined): id is string {
  return id !== undefined && UUID.test(id);
}
