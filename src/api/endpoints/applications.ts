import { baseApi } from '../baseApi';
import type { ApplicationReport } from '../schemas/applications';
import { ApplicationReportStruct } from '../schemas/applications';
import { responseSchema } from '../validate';

export interface ApplicationArgs {
  namespace: string;
  name: string;
}

/** MISC-05's path: `/api/application/{namespace}/{name}`. */
export function applicationReportUrl({ namespace, name }: ApplicationArgs): string {
  return `/api/application/${encodeURIComponent(namespace)}/${encodeURIComponent(name)}`;
}

export const applicationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** MISC-05: an application's audit report. */
    getApplicationReport: build.query<ApplicationReport, ApplicationArgs>({
      query: applicationReportUrl,
      responseSchema: responseSchema(ApplicationReportStruct, 'GET /api/application/{ns}/{name}'),
      providesTags: (_report, _error, { namespace, name }) => [
        { type: 'Applications', id: `${namespace}/${name}` },
      ],
    }),
  }),
});

export const { useGetApplicationReportQuery } = applicationsApi;
