import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQuery } from './baseQuery';
import { shapeError } from './errors';

/** Every cache tag of the console. Areas tag per id plus `{ type, id: 'LIST' }`. */
export const TAG_TYPES = [
  'Whoami',
  'Properties',
  'About',
  'Scopes',
  'Permissions',
  'People',
  'Teams',
  'Tokens',
  'Checks',
  'CheckStatuses',
  'Canaries',
  'Configs',
  'ConfigChanges',
  'ConfigAnalysis',
  'ConfigAccess',
  'Components',
  'Topologies',
  'Incidents',
  'Hypotheses',
  'Evidences',
  'Comments',
  'Responders',
  'Playbooks',
  'PlaybookRuns',
  'Notifications',
  'Silences',
  'NotificationHistory',
  'Jobs',
  'Agents',
  'Connections',
  'Views',
  'LogBackends',
  'Integrations',
  'EventQueue',
  'Applications',
  'Settings',
  'SettingsResources',
  'TeamMembers',
  'Plugins',
  'PersonAnalytics',
  'SavedQueries',
  'ScrapePlugins',
  'Artifacts',
] as const;

export type TagType = (typeof TAG_TYPES)[number];

/** The list tag of each type given, in that order (what a page's Refresh reloads). */
export function listTags<T extends TagType>(...types: readonly T[]) {
  return types.map((type) => ({ type, id: 'LIST' as const }));
}

/**
 * The one API of the console. It has no endpoints of its own: each area adds them with
 * `baseApi.injectEndpoints` in `endpoints/<area>.ts`.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery(),
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
  /** A `responseSchema` failure becomes an ordinary `ApiError` (status `SHAPE`). */
  catchSchemaFailure: (error, info) =>
    shapeError(
      error.issues[0]?.message ?? `Unexpected response from ${info.endpoint}`,
      error.value,
    ),
});
