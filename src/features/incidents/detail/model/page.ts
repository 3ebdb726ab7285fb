import type { TagDescription } from '@reduxjs/toolkit/query';
import type { TagType } from '../../../../api/baseApi';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an address's id can name an incident (incident ids are UUIDs). */
export function isIncidentId(id: string | undefined): id is string {
  return id !== undefined && UUID.test(id);
}

/** What the page's refresh reloads: the incident, its responders and its timeline. */
export function incidentPageTags(id: string): TagDescription<TagType>[] {
  return [
    { type: 'Incidents', id },
    { type: 'Responders', id },
    { type: 'Incidents', id: `history:${id}` },
  ];
}
