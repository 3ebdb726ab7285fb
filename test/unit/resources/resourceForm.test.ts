import type { SettingsResource } from '../../../src/api/schemas/settingsResources';
import { jobStatusDot } from '../../../src/features/resources/model/jobStatus';
import { editorTabs, selectedTab } from '../../../src/features/resources/model/editorTabs';
import {
  isManagedElsewhere,
  toCreateValues,
  toFormValues,
  toUpdateResource,
} from '../../../src/features/resources/model/resourceForm';
import {
  toTypedValues,
  typedCreateValues,
  typedUpdateResource,
} from '../../../src/features/resources/model/typedResource';
import { RESOURCE_TABLES } from '../../../src/features/resources/resourceTables';
import { statusColor } from '../../../src/lib/status';
import { expectAnswers } from '../../support/answers';

const TOPOLOGY: SettingsResource = {
  id: 't1',
  name: 'payments',
  namespace: 'prod',
  labels: { team: 'core' },
  schedule: '@every 5m',
  source: 'UI',
  spec: { components: [{ name: 'api' }] },
  created_by: { id: 'p1', name: 'Ada' },
  agent: { id: 'a1', name: 'local' },
  created_at: '2026-01-01T00:00:00Z',
};

describe('resource form', () => {
  it('fills a new record with the table defaults', () => {
    expect(toFormValues(RESOURCE_TABLES.teams)).toEqual({ name: '', icon: 'group', spec: '' });
    expect(toFormValues(RESOURCE_TABLES.topologies)).toEqual({
      name: '',
      namespace: 'default',
      labels: [],
      schedule: '',
      spec: '',
    });
    expect(toFormValues(RESOURCE_TABLES.incident_rules)).toEqual({ name: '', spec: '' });
  });

  it('fills an existing record from its row, the spec as YAML', () => {
    expect(toFormValues(RESOURCE_TABLES.topologies, TOPOLOGY)).toEqual({
      name: 'payments',
      namespace: 'prod',
      labels: [{ key: 'team', value: 'core' }],
      schedule: '@every 5m',
      spec: 'components:\n  - name: api\n',
    });
  });

  it('edits the schedule of a topology in its own field, kept in column and spec', () => {
    const stored = { ...TOPOLOGY, schedule: null, spec: { schedule: '@daily', type: 'App' } };
    const values = toFormValues(RESOURCE_TABLES.topologies, stored);
    expect(values.schedule).toBe('@daily');
    expect(values.spec).toBe('type: App\n');
    expect(
      toUpdateResource(RESOURCE_TABLES.topologies, stored, { ...values, schedule: '@hourly' }),
    ).toMatchObject({ schedule: '@hourly', spec: { type: 'App', schedule: '@hourly' } });
    expect(
      toUpdateResource(RESOURCE_TABLES.topologies, stored, {
        ...values,
        schedule: '',
        spec: 'type: App\nschedule: "@weekly"\n',
      }),
    ).toMatchObject({ schedule: null, spec: { type: 'App' } });
  });

  it('creates a console record with the edited columns only', () => {
    expect(
      toCreateValues(RESOURCE_TABLES.teams, { name: ' SRE ', icon: '', spec: 'a: 1\n' }),
    ).toEqual({ name: 'SRE', icon: 'group', spec: { a: 1 }, source: 'UI' });
    expect(
      toCreateValues(RESOURCE_TABLES.topologies, {
        name: 'web',
        namespace: '',
        labels: [{ key: 'env', value: 'prod' }],
        schedule: '',
        spec: '',
      }),
    ).toEqual({
      name: 'web',
      namespace: 'default',
      labels: { env: 'prod' },
      schedule: null,
      spec: {},
      source: 'UI',
    });
  });

  it('updates with the stored row overlaid by the form, without embedded objects', () => {
    const body = toUpdateResource(RESOURCE_TABLES.topologies, TOPOLOGY, {
      name: 'payments',
      namespace: 'prod',
      labels: [],
      schedule: '@hourly',
      spec: 'components: []\n',
    });
    expect(body).toEqual({
      id: 't1',
      name: 'payments',
      namespace: 'prod',
      labels: {},
      schedule: '@hourly',
      source: 'UI',
      spec: { components: [], schedule: '@hourly' },
      created_at: '2026-01-01T00:00:00Z',
    });
    const plain = toUpdateResource(
      RESOURCE_TABLES.teams,
      { ...TOPOLOGY, created_by: 'p1' },
      {
        name: 'x',
        icon: 'people',
        spec: '',
      },
    );
    expect(plain.created_by).toBe('p1');
  });

  it('is read-only for any source but UI or none', () => {
    expectAnswers(isManagedElsewhere, [
      ['UI', false],
      [null, false],
      ['', false],
      ['KubernetesCRD', true],
      ['ConfigFile', true],
    ]);
  });
});

describe('typed resources', () => {
  const canary: SettingsResource = {
    id: 'c1',
    name: 'google',
    namespace: 'default',
    labels: { env: 'prod' },
    source: 'UI',
    spec: { http: [{ name: 'google', url: 'https://google.com' }] },
    created_by: { id: 'p1', name: 'Ada' },
  };

  it('turns a row into the editor values and back, keeping to the table columns', () => {
    const values = toTypedValues(canary);
    expect(values).toEqual({
      id: 'c1',
      name: 'google',
      namespace: 'default',
      labels: { env: 'prod' },
      spec: { http: [{ name: 'google', url: 'https://google.com' }] },
      source: 'UI',
    });
    // A canary without a namespace goes to the default one (a canary must have one).
    expect(typedCreateValues('canaries', { name: 'n', icon: 'heart', spec: { tcp: [] } })).toEqual({
      name: 'n',
      namespace: 'default',
      spec: { tcp: [] },
      source: 'UI',
    });
    expect(
      typedCreateValues('config_scrapers', {
        name: 's',
        namespace: 'ops',
        labels: { a: 'b' },
        spec: {},
      }),
    ).toEqual({ name: 's', namespace: 'ops', spec: {}, source: 'UI' });
    expect(typedUpdateResource('canaries', canary, { ...values, name: 'renamed' })).toEqual({
      id: 'c1',
      name: 'renamed',
      namespace: 'default',
      labels: { env: 'prod' },
      source: 'UI',
      spec: { http: [{ name: 'google', url: 'https://google.com' }] },
    });
  });
});

describe("a health check's agent", () => {
  const REMOTE = '0190d1a2-7c4e-7000-8000-0000000a9e01';
  const stored: SettingsResource = {
    id: 'c2',
    name: 'edge',
    namespace: 'default',
    source: 'UI',
    agent_id: REMOTE,
    spec: { tcp: [] },
  };

  it('reads the agent of a canary and writes the chosen one, on create and on update', () => {
    const values = toTypedValues(stored);
    expect(values.agent_id).toBe(REMOTE);
    expect(typedCreateValues('canaries', { name: 'n', spec: {}, agent_id: REMOTE })).toEqual({
      name: 'n',
      namespace: 'default',
      spec: {},
      source: 'UI',
      agent_id: REMOTE,
    });
    const local = '00000000-0000-0000-0000-000000000000';
    expect(typedUpdateResource('canaries', stored, { ...values, agent_id: local })).toMatchObject({
      id: 'c2',
      agent_id: local,
    });
  });

  it('leaves the agent out of a canary that names none, and out of other tables', () => {
    expect(typedCreateValues('canaries', { name: 'n', spec: {} })).not.toHaveProperty('agent_id');
    expect(
      typedCreateValues('config_scrapers', { name: 's', spec: {}, agent_id: REMOTE }),
    ).not.toHaveProperty('agent_id');
  });
});

describe('editor tabs and job status', () => {
  it('offers Members and Permissions to teams only and nothing but Spec to new records', () => {
    expect(editorTabs('teams', false)).toEqual(['spec', 'members', 'permissions', 'owned', 'jobs']);
    expect(selectedTab('permissions', editorTabs('topologies', false))).toBe('spec');
    expect(editorTabs('topologies', false)).toEqual(['spec', 'jobs']);
    expect(editorTabs('teams', true)).toEqual(['spec']);
    expect(selectedTab('members', editorTabs('topologies', false))).toBe('spec');
    expect(selectedTab('jobs', editorTabs('topologies', false))).toBe('jobs');
    expect(selectedTab(null, editorTabs('teams', false))).toBe('spec');
  });

  it('colours the last job: success green, failed red, warning orange, running grey', () => {
    const colour = (status: string) => statusColor(jobStatusDot(status) ?? {});
    expectAnswers(colour, [
      ['SUCCESS', 'green'],
      ['FAILED', 'red'],
      ['WARNING', 'orange'],
      ['RUNNING', 'grey'],
      ['STOPPED', 'grey'],
    ]);
    expect(jobStatusDot('FAILED')?.title).toBe('FAILED');
    expect(jobStatusDot(null)).toBeUndefined();
  });
});
