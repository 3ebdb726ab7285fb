import { HttpResponse, http } from 'msw';
import type { ChartChange, ChartIncident, ChartRun } from '../../src/api/schemas/chartEvents';
import { server } from './msw';

/** The rows each read answers; the fake answers them whatever the window (the chart filters). */
export interface ChartEventRows {
  changes?: ChartChange[];
  runs?: ChartRun[];
  incidents?: ChartIncident[];
}

const TABLES = {
  changes: 'config_changes',
  runs: 'playbook_runs',
  incidents: 'incidents',
} as const;

/**
 * Fakes the three reads of the events drawn on charts (`config_changes`, `playbook_runs`,
 * `incidents` under `/api/db`) and records each request's parameters by kind.
 */
export function chartEventsBackend(rows: ChartEventRows) {
  const requests: Record<keyof typeof TABLES, URLSearchParams[]> = {
    changes: [],
    runs: [],
    incidents: [],
  };
  server.use(
    ...(Object.keys(TABLES) as Array<keyof typeof TABLES>).map((kind) =>
      http.get(`*/api/db/${TABLES[kind]}`, ({ request }) => {
        requests[kind].push(new URL(request.url).searchParams);
        return HttpResponse.json(rows[kind] ?? []);
      }),
    ),
  );
  const all = () => [...requests.changes, ...requests.runs, ...requests.incidents];
  return { requests, all };
}

/** A change, a run and an incident at `at` (ISO), named for the tests' assertions. */
export function eventRows(at: string, suffix = ''): Required<ChartEventRows> {
  return {
    changes: [
      {
        id: `change-1${suffix}`,
        config_id: 'f2c1a9e0-0000-4000-8000-00000000c0f1',
        change_type: 'diff',
        summary: 'replicas 2 → 3',
        source: 'kubernetes',
        external_created_by: 'deploy-bot',
        created_at: at,
        config: { id: 'f2c1a9e0-0000-4000-8000-00000000c0f1', name: 'payments-api' },
      },
    ],
    runs: [
      {
        id: `run-1${suffix}`,
        status: 'completed',
        created_at: at,
        created_by: { id: 'p-1', name: 'Ada Lovelace' },
        playbooks: { id: 'pb-1', name: 'restart-pod', title: 'Restart pod' },
      },
    ],
    incidents: [
      {
        id: `incident-1${suffix}`,
        incident_id: 'INC-0042',
        title: 'Payments slow',
        severity: 'High',
        created_at: at,
        created_by: { id: 'p-2', name: 'Grace Hopper' },
      },
    ],
  };
}
