import { baseApi } from '../baseApi';
import { pg, pgInsert } from '../postgrest';
import type { PropertyInput, PropertyRow } from '../schemas/properties';
import { PropertyRowsStruct } from '../schemas/properties';
import { defineOutcomes, editOutcomes } from '../outcomes';
import { responseSchema } from '../validate';

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

defineOutcomes(propertiesApi, editOutcomes('Property', PROPERTY_MESSAGES));

export const { useCreatePropertyMutation, useUpdatePropertyMutation, useDeletePropertyMutation } =
  propertiesApi;
