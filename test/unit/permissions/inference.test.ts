import {
  DEFAULT_RESOURCE_KIND,
  DEFAULT_SUBJECT_KIND,
  PERMISSION_ACTIONS,
  PLAYBOOK_ACTIONS,
  actionsFor,
  inferResourceKind,
  inferSubjectKind,
  playbookObjectSelector,
  selectedPlaybookName,
} from '../../../src/features/permissions/model/inference';

const ID = '018f2a4e-7c1b-4f7e-9a3b-0c2d4e6f8a10';
const OTHER = '118f2a4e-7c1b-4f7e-9a3b-0c2d4e6f8a11';

describe('subject kind', () => {
  it('is Person when the person id is set', () => {
    expect(inferSubjectKind({ person_id: ID })).toBe('person');
  });

  it('is Team when the team id is set', () => {
    expect(inferSubjectKind({ team_id: ID })).toBe('team');
  });

  it('is Notification when the notification id is set', () => {
    expect(inferSubjectKind({ notification_id: ID })).toBe('notification');
  });

  it('reads the ids before subject_type (old rows default subject_type to group)', () => {
    expect(inferSubjectKind({ person_id: ID, subject_type: 'group' })).toBe('person');
    expect(inferSubjectKind({ team_id: ID, subject_type: 'group' })).toBe('team');
    expect(inferSubjectKind({ notification_id: ID, subject_type: 'group' })).toBe('notification');
  });

  it('checks the ids in the order person, team, notification', () => {
    expect(inferSubjectKind({ person_id: ID, team_id: OTHER, notification_id: OTHER })).toBe(
      'person',
    );
    expect(inferSubjectKind({ team_id: ID, notification_id: OTHER })).toBe('team');
  });

  it.each(['person', 'team', 'notification', 'group', 'playbook'] as const)(
    'falls back to subject_type %s when no id is set',
    (kind) => {
      expect(inferSubjectKind({ subject_type: kind })).toBe(kind);
    },
  );

  it('defaults to Person: nothing set, blank ids, or an unknown subject_type', () => {
    expect(DEFAULT_SUBJECT_KIND).toBe('person');
    expect(inferSubjectKind({})).toBe('person');
    expect(inferSubjectKind({ team_id: '  ', notification_id: null })).toBe('person');
    expect(inferSubjectKind({ subject_type: 'canary' })).toBe('person');
  });
});

describe('resource kind', () => {
  type Permission = Parameters<typeof inferResourceKind>[0];

  it.each<[string, Permission, Permission]>([
    ['playbook', { playbook_id: ID }, { object_selector: { playbooks: [{ name: 'restart' }] } }],
    ['catalog', { config_id: ID }, { object_selector: { configs: [{ name: 'web' }] } }],
    ['component', { component_id: ID }, { object_selector: { components: [{ name: 'api' }] } }],
    ['connection', { connection_id: ID }, { object_selector: { connections: [{ name: 'ops' }] } }],
  ])('is %s for its id or a selector of its kind', (kind, byId, bySelector) => {
    expect(inferResourceKind(byId)).toBe(kind);
    expect(inferResourceKind(bySelector)).toBe(kind);
  });

  it.each<[string, Permission]>([
    ['playbook', { playbook_id: ID, config_id: OTHER }],
    ['catalog', { config_id: ID, component_id: OTHER }],
    ['component', { component_id: ID, connection_id: OTHER }],
    ['connection', { connection_id: ID, canary_id: OTHER }],
  ])('checks %s before the next kind: %j', (kind, fields) => {
    expect(inferResourceKind(fields)).toBe(kind);
  });

  it('one playbook on all configs is a playbook permission', () => {
    expect(inferResourceKind({ object_selector: playbookObjectSelector('restart') })).toBe(
      'playbook',
    );
  });

  it('is Canary for a canary id', () => {
    expect(inferResourceKind({ canary_id: ID })).toBe('canary');
  });

  it('checks canary before global', () => {
    expect(inferResourceKind({ canary_id: ID, object: 'catalog' })).toBe('canary');
  });

  it('is Global for a non-empty object name', () => {
    expect(inferResourceKind({ object: 'catalog' })).toBe('global');
    expect(inferResourceKind({ object: '' })).toBe('catalog');
  });

  it('checks global before scope', () => {
    expect(
      inferResourceKind({ object: 'rbac', object_selector: { scopes: [{ name: 'team-a' }] } }),
    ).toBe('global');
  });

  it('is Scope for a selector with scopes', () => {
    expect(
      inferResourceKind({ object_selector: { scopes: [{ namespace: 'sre', name: 'runbooks' }] } }),
    ).toBe('scope');
  });

  it('defaults to Catalog when nothing is set or the selector lists are empty', () => {
    expect(DEFAULT_RESOURCE_KIND).toBe('catalog');
    expect(inferResourceKind({})).toBe('catalog');
    expect(inferResourceKind({ object_selector: { playbooks: [], scopes: [] } })).toBe('catalog');
    expect(inferResourceKind({ object_selector: null, object: null })).toBe('catalog');
  });
});

describe('actions per resource kind', () => {
  const base = ['read', 'update', 'create', 'delete', '*', 'create,read,update,delete'];
  const playbook = ['playbook:run', 'playbook:approve', 'playbook:*'];
  const mcp = ['mcp:use', 'mcp:run'];

  it('offers read, update, create, delete, * and create,read,update,delete everywhere', () => {
    expect([...PERMISSION_ACTIONS]).toEqual(base);
    for (const kind of ['catalog', 'component', 'connection', 'scope', 'canary'] as const) {
      expect(actionsFor(kind)).toEqual(base);
    }
  });

  it('adds the playbook actions for playbooks', () => {
    expect([...PLAYBOOK_ACTIONS]).toEqual(playbook);
    expect(actionsFor('playbook')).toEqual([...base, ...playbook, ...mcp]);
  });

  it('adds the MCP actions for views, but not the playbook actions', () => {
    expect(actionsFor('view')).toEqual([...base, ...mcp]);
  });

  it('adds them for the global playbooks object only', () => {
    expect(actionsFor('global', 'playbooks')).toEqual([...base, ...playbook, ...mcp]);
    expect(actionsFor('global', 'catalog')).toEqual(base);
    expect(actionsFor('global')).toEqual(base);
  });

  it('adds mcp:use for the global mcp object only', () => {
    expect(actionsFor('global', 'mcp')).toEqual([...base, 'mcp:use']);
    expect(actionsFor('global', 'catalog')).not.toContain('mcp:use');
  });
});

describe('playbook selector', () => {
  it('names the playbook together with every config', () => {
    expect(playbookObjectSelector('restart-deployment')).toEqual({
      playbooks: [{ name: 'restart-deployment' }],
      configs: [{ name: '*' }],
    });
  });

  it('reads back the one playbook a selector names', () => {
    expect(selectedPlaybookName(playbookObjectSelector('drain-node'))).toBe('drain-node');
    expect(selectedPlaybookName({ playbooks: [{ name: 'a' }, { name: 'b' }] })).toBeUndefined();
    expect(selectedPlaybookName(null)).toBeUndefined();
  });
});
