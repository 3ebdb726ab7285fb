import { HttpResponse, http } from 'msw';
import type { ConfigChange } from '../../../../src/api/schemas/configItem';
import { server } from '../../../support/msw';
import { postgrestTable, valuesTable } from '../../../support/postgrestTable';
import { hoursAgo } from '../../../support/time';

export const DEPLOYMENT_ID = '018f4b8e-6666-7000-8000-000000000001';
export const POD_ID = '018f4b8e-6666-7000-8000-000000000002';
export const CONFIGMAP_ID = '018f4b8e-6666-7000-8000-000000000003';
export const PERSON_ID = '018f4b8e-7777-7000-8000-000000000001';
export const DIFF_ID = '018f4b8e-8888-7000-8000-000000000001';
export const PULLED_ID = '018f4b8e-8888-7000-8000-000000000002';
export const CONFIGMAP_CHANGE_ID = '018f4b8e-8888-7000-8000-000000000003';
export const ARRIVED_ID = '018f4b8e-8888-7000-8000-000000000004';

/** A scraper's diff, a Kubernetes event by a person, and a change without summary. */
export const CHANGES: ConfigChange[] = [
  {
    id: DIFF_ID,
    config_id: DEPLOYMENT_ID,
    change_type: 'diff',
    severity: 'info',
    source: 'kubernetes',
    summary: 'replicas 2 → 3',
    count: 1,
    first_observed: hoursAgo(3),
    created_at: hoursAgo(3),
    name: 'checkout-api',
    type: 'Kubernetes::Deployment',
    external_created_by: 'kubectl',
  },
  {
    id: PULLED_ID,
    config_id: POD_ID,
    change_type: 'Pulled',
    severity: 'high',
    source: 'kubernetes/events',
    summary: 'Image pulled',
    count: 4,
    first_observed: hoursAgo(30),
    created_at: hoursAgo(5),
    name: 'checkout-api-5d8',
    type: 'Kubernetes::Pod',
    created_by: PERSON_ID,
  },
  {
    id: CONFIGMAP_CHANGE_ID,
    config_id: CONFIGMAP_ID,
    change_type: 'UPDATE',
    severity: 'low',
    source: 'flux',
    summary: null,
    count: 2,
    created_at: hoursAgo(20),
    name: 'checkout-config',
    type: 'Kubernetes::ConfigMap',
    created_by: null,
  },
];

/** A change that arrives after the page was first loaded. */
export const ARRIVED: ConfigChange = {
  id: ARRIVED_ID,
  config_id: DEPLOYMENT_ID,
  change_type: 'diff',
  severity: 'medium',
  source: 'kubernetes',
  summary: 'image api:1.1 → api:1.2',
  count: 1,
  created_at: hoursAgo(0.1),
  name: 'checkout-api',
  type: 'Kubernetes::Deployment',
  external_created_by: 'argocd',
};

/** Changes per change type as the server counts them (over every page). */
export const SUMMARY = { diff: 2, Pulled: 1, UPDATE: 5 };

export const DIFF_TEXT = [
  '--- a/config.yaml',
  '+++ b/config.yaml',
  '@@ -1,3 +1,3 @@',
  ' kind: Deployment',
  '-replicas: 2',
  '+replicas: 3',
  ' image: api:1.0',
].join('\n');

/** CAT-21 rows: the diff with details and patches, the event without a diff. */
export const CHANGE_DETAILS = [
  {
    id: DIFF_ID,
    config_id: DEPLOYMENT_ID,
    change_type: 'diff',
    created_at: '2026-03-10T09:00:00Z',
    external_created_by: 'kubectl',
    source: 'kubernetes',
    diff: DIFF_TEXT,
    details: { reason: 'ScalingReplicaSet', replicas: 3 },
    patches: { spec: { replicas: 3 } },
    created_by: null,
    config: {
      id: DEPLOYMENT_ID,
      name: 'checkout-api',
      type: 'Kubernetes::Deployment',
      config_class: 'Deployment',
    },
  },
  {
    id: PULLED_ID,
    config_id: POD_ID,
    change_type: 'Pulled',
    created_at: '2026-03-10T07:00:00Z',
    external_created_by: null,
    source: 'kubernetes/events',
    diff: null,
    details: { image: 'api:1.0' },
    patches: null,
    created_by: PERSON_ID,
    config: {
      id: POD_ID,
      name: 'checkout-api-5d8',
      type: 'Kubernetes::Pod',
      config_class: 'Pod',
    },
  },
];

/** Files kept with the diff change (one of them deleted), and one of another change. */
export const CHANGE_ARTIFACTS = [
  {
    id: 'art-manifest',
    config_change_id: DIFF_ID,
    filename: 'manifest.yaml',
    path: `changes/${DIFF_ID}/manifest.yaml`,
    content_type: 'text/yaml',
    size: 2048,
    created_at: '2026-03-10T08:00:00Z',
    deleted_at: null,
  },
  {
    id: 'art-events',
    config_change_id: DIFF_ID,
    filename: 'events.json',
    path: `changes/${DIFF_ID}/events.json`,
    content_type: 'application/json',
    size: 512,
    created_at: '2026-03-10T08:00:00Z',
    deleted_at: null,
  },
  {
    id: 'art-gone',
    config_change_id: DIFF_ID,
    filename: 'old.log',
    path: `changes/${DIFF_ID}/old.log`,
    content_type: 'text/plain',
    size: 10,
    created_at: '2026-03-09T08:00:00Z',
    deleted_at: '2026-03-09T09:00:00Z',
  },
  {
    id: 'art-other',
    config_change_id: 'another-change',
    filename: 'other.txt',
    path: 'changes/another-change/other.txt',
    content_type: 'text/plain',
    size: 1,
    created_at: '2026-03-09T08:00:00Z',
    deleted_at: null,
  },
];

/** What CAT-19 answers: the server's JSON, or a failure. */
export type ChangesAnswer =
  | { changes: ConfigChange[]; summary?: Record<string, number>; total?: number }
  | { empty: true }
  | { status: number; body: Record<string, unknown> };

/**
 * CAT-21 and the people (AUTH-03): enough for the change dialog wherever it opens.
 */
export function changeDialogBackend() {
  const details = postgrestTable('config_changes', CHANGE_DETAILS);
  const people = postgrestTable('people', [
    { id: PERSON_ID, name: 'Ada Admin', email: 'ada@example.com', deleted_at: null },
  ]);
  const artifacts = postgrestTable('artifacts', CHANGE_ARTIFACTS);
  return { details, people, artifacts };
}

/**
 * The changes page's calls: the change search (CAT-19), whose bodies are kept and whose answer
 * a test may change between requests, the option lists (config types, change types, tags,
 * people) and one change with its diff (CAT-21).
 */
export function changesBackend(
  initial: ChangesAnswer = { changes: CHANGES, summary: SUMMARY },
  /** Holds the answer to a change search until the promise it gives (if any) settles. */
  hold?: (body: Record<string, unknown>) => Promise<void> | undefined,
) {
  const configTypes = valuesTable('config_types', 'type', [
    'Kubernetes::Deployment',
    'Kubernetes::Pod',
    'Kubernetes::ConfigMap',
  ]);
  const changeTypes = valuesTable('change_types', 'change_type', ['diff', 'Pulled', 'UPDATE', '']);
  const tags = postgrestTable('config_tags', [
    { key: 'cluster', value: 'prod' },
    { key: 'cluster', value: 'dev' },
    { key: 'namespace', value: 'shop' },
    { key: 'cluster', value: 'prod' },
  ]);
  const dialog = changeDialogBackend();

  const bodies: Array<Record<string, unknown>> = [];
  const requests: Request[] = [];
  let answer: ChangesAnswer = initial;
  server.use(
    http.post('*/api/catalog/changes', async ({ request }) => {
      const body = (await request.clone().json()) as Record<string, unknown>;
      bodies.push(body);
      requests.push(request);
      await hold?.(body);
      if ('status' in answer) return HttpResponse.json(answer.body, { status: answer.status });
      if ('empty' in answer) return HttpResponse.json({});
      return HttpResponse.json({
        summary: answer.summary ?? SUMMARY,
        total: answer.total ?? 120,
        changes: answer.changes,
      });
    }),
  );
  return {
    ...dialog,
    configTypes,
    changeTypes,
    tags,
    /** The bodies of every change search, oldest first. */
    bodies,
    /** Every change search, oldest first (its `signal` tells whether it was cancelled). */
    requests,
    /** The last body sent. */
    lastBody: () => bodies[bodies.length - 1],
    /** What the next change searches get. */
    answer: (next: ChangesAnswer) => {
      answer = next;
    },
  };
}
