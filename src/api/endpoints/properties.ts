import { DASHBOARD_PROPERTY, dashboardViewRef } from '../../../contracts/dashboard';
import { baseApi } from '../baseApi';
import type { ApiError } from '../errors';
import { shapeError } from '../errors';
import { pg, pgInsert } from '../postgrest';
import type { PropertyInput, PropertyRow } from '../schemas/properties';
import { PropertyRowsStruct } from '../schemas/properties';
import { defineOutcomes, editOutcomes } from '../outcomes';
import { check, responseSchema } from '../validate';

/** The name the feature flags page uses in its messages. */
export const FEATURE_FLAG = 'Feature Flag';

export const PROPERTY_MESSAGES = {
  created: `${FEATURE_FLAG} created successfully`,
  updated: `${FEATURE_FLAG} updated successfully`,
  deleted: `${FEATURE_FLAG} deleted successfully`,
  notFound: (name: string) => `There is no property named ${name} in the database.`,
} as const;

export interface UpdatePropertyArgs {
  /** The current name of the row (the primary key). */
  name: string;
  /** New name, value and writer. */
  changes: PropertyInput;
}

const byName = (name: string) => pg('properties').eq('name', name).toRequest().url;

/** A property to set (`value`) or to remove (`value: null`). */
export interface PropertyWrite {
  name: string;
  value: string | null;
}

/** The view made the dashboard: its namespace (if any) and name. */
export interface DashboardViewArgs {
  namespace?: string | null;
  name: string;
}

/** The toast once a view is the dashboard. */
export const dashboardChosen = (view: DashboardViewArgs) =>
  `${dashboardViewRef(view)} is now the dashboard`;

/**
 * Writes to the `properties` table (PROP-04..06). Each invalidates `Properties`, so
 * `getProperties` (PROP-01) and with it every feature flag refetches. Rows come back as a
 * JSON array (`Prefer: return=representation`); an empty array means no row had that name.
 */
export const propertiesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** PROP-04 */
    createProperty: build.mutation<PropertyRow[], PropertyInput>({
      query: (body) => pgInsert('properties', body),
      responseSchema: responseSchema(PropertyRowsStruct, 'POST /api/db/properties'),
      invalidatesTags: ['Properties'],
    }),
    /** PROP-05: the row is found by its current name. */
    updateProperty: build.mutation<PropertyRow[], UpdatePropertyArgs>({
      query: ({ name, changes }) => ({
        url: byName(name),
        method: 'PATCH',
        body: changes,
        stamp: 'created_by',
        notFound: PROPERTY_MESSAGES.notFound(name),
      }),
      responseSchema: responseSchema(PropertyRowsStruct, 'PATCH /api/db/properties'),
      invalidatesTags: ['Properties'],
    }),
    /**
     * The view `/` shows: the property `dashboard.default.view` = `namespace/name`, updated by
     * name (PROP-05), created (PROP-04) when no row has that name yet.
     */
    setDashboardView: build.mutation<PropertyRow[], DashboardViewArgs>({
      queryFn: async (view, _api, _extra, baseQuery) => {
        const property = { name: DASHBOARD_PROPERTY, value: dashboardViewRef(view) };
        const rows = async (request: Parameters<typeof baseQuery>[0], what: string) => {
          const result = await baseQuery(request);
          if (result.error) return { error: result.error as ApiError };
          try {
            return { data: check(PropertyRowsStruct, result.data, what) };
          } catch (error) {
            return { error: shapeError((error as Error).message) };
          }
        };
        const updated = await rows(
          { url: byName(DASHBOARD_PROPERTY), method: 'PATCH', body: property, stamp: 'created_by' },
          'PATCH /api/db/properties',
        );
        if (updated.error || updated.data.length > 0) return updated;
        return rows(pgInsert('properties', property), 'POST /api/db/properties');
      },
      invalidatesTags: ['Properties', { type: 'Views', id: 'DASHBOARD' }],
    }),
    /**
     * Several properties at once, one after the other: each set one updated by name (PROP-05)
     * or created (PROP-04) when no row has that name, each `null` one deleted (PROP-06; none
     * there is no failure). Stops at the first failure, with the server's reason.
     */
    setProperties: build.mutation<null, readonly PropertyWrite[]>({
      queryFn: async (writes, _api, _extra, baseQuery) => {
        for (const write of writes) {
          if (write.value === null) {
            const removed = await baseQuery({ url: byName(write.name), method: 'DELETE' });
            if (removed.error) return { error: removed.error as ApiError };
            continue;
          }
          const property = { name: write.name, value: write.value };
          const updated = await baseQuery({
            url: byName(write.name),
            method: 'PATCH',
            body: property,
            stamp: 'created_by',
          });
          if (updated.error) return { error: updated.error as ApiError };
          if (Array.isArray(updated.data) && updated.data.length > 0) continue;
          const created = await baseQuery(pgInsert('properties', property));
          if (created.error) return { error: created.error as ApiError };
        }
        return { data: null };
      },
      invalidatesTags: ['Properties'],
    }),
    /** PROP-06: hard delete by name. */
    deleteProperty: build.mutation<PropertyRow[], string>({
      query: (name) => ({
        url: byName(name),
        method: 'DELETE',
        notFound: PROPERTY_MESSAGES.notFound(name),
      }),
      responseSchema: responseSchema(PropertyRowsStruct, 'DELETE /api/db/properties'),
      invalidatesTags: ['Properties'],
    }),
  }),
});

defineOutcomes(propertiesApi, {
  ...editOutcomes('Property', PROPERTY_MESSAGES),
  // Chosen from a row of the views list: no form to show a failure under.
  setDashboardView: { success: dashboardChosen, failure: 'toast' },
});

export const {
  useCreatePropertyMutation,
  useUpdatePropertyMutation,
  useDeletePropertyMutation,
  useSetDashboardViewMutation,
  useSetPropertiesMutation,
} = propertiesApi;
