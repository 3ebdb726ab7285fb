import { baseApi } from '../baseApi';
import type { About, Property, Whoami, WhoamiResponse } from '../schemas/system';
import {
  AboutStruct,
  PropertiesStruct,
  WhoamiResponseStruct,
  unwrapWhoami,
} from '../schemas/system';
import { responseSchema } from '../validate';

/** Start-up calls: backend version, properties and feature flags, the signed-in user. */
export const systemApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** MISC-01: the backend version shown in the user menu. */
    getAbout: build.query<About, void>({
      query: () => '/api/canary/about',
      responseSchema: responseSchema(AboutStruct, 'GET /api/canary/about'),
      providesTags: ['About'],
    }),
    /** PROP-01: effective properties, the source of feature flags. */
    getProperties: build.query<Property[], void>({
      query: () => '/api/properties',
      responseSchema: responseSchema(PropertiesStruct, 'GET /api/properties'),
      providesTags: ['Properties'],
    }),
    /**
     * AUTH-01: the signed-in user, roles and permissions. A 401 here is not an expired session
     * but "not signed in": the session slice records it and the access gate decides.
     */
    getWhoami: build.query<Whoami, void, WhoamiResponse>({
      query: () => '/api/auth/whoami',
      extraOptions: { skipAuthRedirect: true },
      rawResponseSchema: responseSchema(WhoamiResponseStruct, 'GET /api/auth/whoami'),
      transformResponse: unwrapWhoami,
      providesTags: ['Whoami'],
    }),
  }),
});

export const { useGetAboutQuery, useGetPropertiesQuery, useGetWhoamiQuery } = systemApi;
