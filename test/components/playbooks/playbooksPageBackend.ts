import type { PlaybookName, PlaybookRun, PlaybookTitle } from '../../../src/api/schemas/playbooks';
import type { PostgrestTable } from '../../support/postgrestTable';
import { postgrestTable } from '../../support/postgrestTable';

export const RESTART_ID = '018f4b8e-7777-7000-8000-0000000000a1';
export const SCALE_ID = '018f4b8e-7777-7000-8000-0000000000a2';
export const ROTATE_ID = '018f4b8e-7777-7000-8000-0000000000a3';
export const CLEANUP_ID = '018f4b8e-7777-7000-8000-0000000000a4';

/** PB-01's rows: two in "Kubernetes", one in "Security", one without a category. */
export const NAMES: PlaybookName[] = [
  {
    id: CLEANUP_ID,
    name: 'cleanup-tmp',
    title: 'Clean up temp files',
    icon: 'trash',
    category: '',
  },
  {
    id: RESTART_ID,
    name: 'restart-deployment',
    title: 'Restart Deployment',
    icon: 'refresh',
    category: 'Kubernetes',
  },
  {
    id: ROTATE_ID,
    name: 'rotate-credentials',
    title: '',
    icon: 'not-a-blueprint-icon',
    category: 'Security',
  },
  {
    id: SCALE_ID,
    name: 'scale-deployment',
    title: 'Scale Deployment',
    icon: 'arrows-vertical',
    category: 'Kubernetes',
  },
];

/** PB-03's rows: the specs (description, resource selectors). */
export const TITLES: PlaybookTitle[] = [
  {
    id: RESTART_ID,
    title: 'Restart Deployment',
    spec: {
      description: 'Rolls the pods of a deployment',
      configs: [{ types: ['Kubernetes::Deployment'] }],
    },
  },
  {
    id: SCALE_ID,
    title: 'Scale Deployment',
    spec: { description: 'Changes the replicas', configs: [{ types: ['x'] }], components: [{}] },
  },
  { id: ROTATE_ID, title: '', spec: { description: 'Rotates the database passwords' } },
  { id: CLEANUP_ID, title: 'Clean up temp files', spec: { checks: [{ name: '*' }] } },
];

const run = (id: string, playbookId: string, status: string, createdAt: string): PlaybookRun => ({
  id,
  playbook_id: playbookId,
  status,
  created_at: createdAt,
  parent_id: null,
});

/** PB-10's rows: restart ran three times, rotate once, the others never. */
export const RUNS: PlaybookRun[] = [
  run('018f4b8e-8888-7000-8000-000000000001', RESTART_ID, 'completed', '2026-01-10T10:00:00Z'),
  run('018f4b8e-8888-7000-8000-000000000002', RESTART_ID, 'failed', '2026-01-11T10:00:00Z'),
  run(
    '018f4b8e-8888-7000-8000-000000000003',
    ROTATE_ID,
    'pending_approval',
    '2026-01-11T11:00:00Z',
  ),
  run('018f4b8e-8888-7000-8000-000000000004', RESTART_ID, 'running', '2026-01-12T09:00:00Z'),
];

export interface PlaybooksPageBackendOptions {
  names?: PlaybookName[];
  titles?: PlaybookTitle[];
  runs?: PlaybookRun[];
}

export interface PlaybooksPageBackend {
  names: PostgrestTable<PlaybookName>;
  titles: PostgrestTable<PlaybookTitle>;
  runs: PostgrestTable<PlaybookRun>;
}

/** `playbook_names` (PB-01), `playbooks` (PB-03) and `playbook_runs` (PB-10) as PostgREST tables. */
export function playbooksPageBackend(
  options: PlaybooksPageBackendOptions = {},
): PlaybooksPageBackend {
  return {
    names: postgrestTable('playbook_names', options.names ?? NAMES),
    titles: postgrestTable('playbooks', options.titles ?? TITLES),
    runs: postgrestTable('playbook_runs', options.runs ?? RUNS),
  };
}
