import type { GrantChange } from '../../../machines/permissions/subjectGrant';
import type { AccessSearchResponse } from '../../../src/api/schemas/accessSearch';
import {
  EDITABLE_ACTIONS,
  SUBJECT_ACCESS_LABELS as LABELS,
  SUBJECT_ACCESS_PAGE_SIZE,
  TYPE_ACTIONS,
  deniedByOthers,
  directRules,
  grantInput,
  isDirect,
  matrixOf,
  permissionHref,
  permissionSubjectKind,
  readOnlyReason,
  resourceHref,
  searchRequest,
} from '../../../src/features/permissions/model/subjectAccess';
import { SUBJECT_ACCESS_STATE } from '../../../src/shell/paths';

const TEAM = '0962ad31-033f-4e67-9834-b77f81e8a128';
const PLAYBOOK = 'e91ece9b-e14b-42e1-baf5-733ac9dd9eb4';
const stateOf = (query: string) => SUBJECT_ACCESS_STATE.read(new URLSearchParams(query));

describe('the subject workbench’s search', () => {
  it('searches nothing without a subject', () => {
    expect(searchRequest(stateOf(''))).toBeUndefined();
  });

  it('searches every type and action, allowed only, the first page by default', () => {
    expect(searchRequest(stateOf('subject=editor'))).toEqual({
      subject: 'editor',
      actions: ['read', 'update', 'delete', 'playbook:run', 'playbook:approve', 'mcp:run'],
      resource_types: ['playbook', 'view', 'connection', 'config', 'component', 'canary'],
      include_denied: false,
      limit: SUBJECT_ACCESS_PAGE_SIZE,
      offset: 0,
    });
  });

  it('leaves out types with no shown action and actions no shown type has', () => {
    const request = searchRequest(
      stateOf(
        'subject=editor&types=view,config,bogus&actions=playbook:run,mcp:run,read&denied=true&page=3',
      ),
    );
    expect(request).toEqual({
      subject: 'editor',
      actions: ['read', 'mcp:run'],
      resource_types: ['view', 'config'],
      include_denied: true,
      limit: SUBJECT_ACCESS_PAGE_SIZE,
      offset: 2 * SUBJECT_ACCESS_PAGE_SIZE,
    });
    expect(searchRequest(stateOf('subject=editor&types=config&actions=playbook:run'))).toBe(
      undefined,
    );
  });

  it('offers running and approving only on playbooks, and mcp:run on playbooks and views', () => {
    expect(TYPE_ACTIONS.playbook).toEqual(expect.arrayContaining(EDITABLE_ACTIONS));
    expect(TYPE_ACTIONS.view).toContain('mcp:run');
    for (const type of ['connection', 'config', 'component', 'canary'] as const) {
      expect(TYPE_ACTIONS[type]).toEqual(['read', 'update', 'delete']);
    }
  });
});

const denyRule = {
  source: 'permission' as const,
  effect: 'deny' as const,
  description: 'no',
  permission: {
    id: 'p1',
    name: 'no-runs',
    namespace: 'security',
    action: 'playbook:run',
    subject: TEAM.toUpperCase(),
    subject_type: 'team',
  },
};

describe('the matrix', () => {
  const response: AccessSearchResponse = {
    subject: TEAM,
    actions: ['read', 'playbook:run'],
    resource_types: ['playbook', 'view'],
    total: 3,
    resource_total: 2,
    limit: 25,
    offset: 0,
    results: [
      {
        resource_type: 'playbook',
        id: 'a',
        name: 'A',
        action: 'read',
        allowed: true,
        direct: false,
        rules: [],
      },
      {
        resource_type: 'playbook',
        id: 'a',
        name: 'A',
        action: 'playbook:run',
        allowed: false,
        direct: false,
        rules: [denyRule],
      },
      {
        resource_type: 'playbook',
        id: 'b',
        name: 'B',
        action: 'read',
        allowed: true,
        direct: true,
        rules: [],
      },
    ],
  };

  it('makes a section per type with rows, rows per resource and cells per action', () => {
    const sections = matrixOf(response, ['read', 'playbook:run']);
    expect(sections).toHaveLength(1);
    expect(sections[0]?.columns).toEqual(['read', 'playbook:run']);
    expect(sections[0]?.rows.map((row) => [row.name, Object.keys(row.cells)])).toEqual([
      ['A', ['read', 'playbook:run']],
      ['B', ['read']],
    ]);
  });

  it('marks a cell direct when it allows the subject itself or a permission names it', () => {
    const [runA, , readB] = [response.results[1]!, response.results[0]!, response.results[2]!];
    expect(directRules(runA, TEAM)).toEqual([denyRule]);
    expect(isDirect(runA, TEAM)).toBe(true);
    expect(isDirect(readB, TEAM)).toBe(true);
    expect(isDirect(response.results[0]!, TEAM)).toBe(false);
  });
});

describe('changes in place', () => {
  it('writes a role as a group, a token’s person as a person; not permission groups', () => {
    expect(permissionSubjectKind({ type: 'role' })).toBe('group');
    expect(permissionSubjectKind({ type: 'access_token_person' })).toBe('person');
    expect(permissionSubjectKind({ type: 'team' })).toBe('team');
    expect(permissionSubjectKind({ type: 'playbook' })).toBe('playbook');
    expect(permissionSubjectKind({ type: 'permission_subject_group' })).toBeUndefined();
  });

  it('changes only a playbook’s run and approve cells, and not for permission groups', () => {
    expect(readOnlyReason('playbook', 'playbook:run', { type: 'team' })).toBeUndefined();
    expect(readOnlyReason('playbook', 'playbook:approve', { type: 'role' })).toBeUndefined();
    expect(readOnlyReason('playbook', 'read', { type: 'team' })).toBe(LABELS.readOnly);
    expect(readOnlyReason('view', 'mcp:run', { type: 'team' })).toBe(LABELS.readOnly);
    expect(readOnlyReason('playbook', 'playbook:run', { type: 'permission_subject_group' })).toBe(
      LABELS.groupReadOnly,
    );
  });

  it('leaves cells a token’s scope or the approvers decide, before any permission', () => {
    const rule = (source: 'scope' | 'approvers') => ({
      source,
      effect: 'deny' as const,
      description: source,
    });
    expect(
      readOnlyReason(
        'playbook',
        'playbook:run',
        { type: 'access_token_person' },
        {
          rules: [rule('scope')],
        },
      ),
    ).toBe(LABELS.scopeReadOnly);
    expect(
      readOnlyReason(
        'playbook',
        'playbook:approve',
        { type: 'team' },
        {
          rules: [rule('approvers')],
        },
      ),
    ).toBe(LABELS.approversReadOnly);
  });

  it('knows a deny of others outranks an allow, and the subject’s own deny does not count', () => {
    expect(deniedByOthers({ rules: [denyRule] }, TEAM)).toBe(false);
    const everyone = {
      ...denyRule,
      permission: { ...denyRule.permission, subject: 'everyone', subject_type: 'group' },
    };
    expect(deniedByOthers({ rules: [everyone] }, TEAM)).toBe(true);
    expect(deniedByOthers({ rules: [] }, TEAM)).toBe(false);
  });

  const change = (kind: GrantChange['kind'], subject: string): GrantChange => ({
    kind,
    subject,
    resourceType: 'playbook',
    resourceId: PLAYBOOK,
    resourceName: 'Drain Node',
    action: 'playbook:approve',
    permissionIds: [],
  });

  it('builds the permission row as the permission form does', () => {
    expect(grantInput(change('deny', 'editor'), 'group')).toEqual({
      subject: 'editor',
      subject_type: 'group',
      object: null,
      object_selector: null,
      config_id: null,
      component_id: null,
      connection_id: null,
      playbook_id: PLAYBOOK,
      canary_id: null,
      action: 'playbook:approve',
      deny: true,
      description: 'Denies playbook:approve on Drain Node',
    });
    expect(grantInput(change('allow', TEAM), 'person')).toMatchObject({
      subject: TEAM,
      subject_type: 'person',
      deny: false,
    });
  });
});

describe('links', () => {
  it('links each resource type to its page', () => {
    expect(resourceHref('playbook', 'x')).toBe('/playbooks/x');
    expect(resourceHref('view', 'x')).toBe('/views/x');
    expect(resourceHref('connection', 'x')).toBe('/settings/connections?id=x');
    expect(resourceHref('config', 'x')).toBe('/catalog/x');
    expect(resourceHref('component', 'x')).toBe('/topology/x');
    expect(resourceHref('canary', 'x')).toBe('/settings/canaries/x');
  });

  it('links a permission rule to its row, the list filtered to its subject', () => {
    expect(permissionHref(denyRule)).toBe(
      `/settings/permissions?subjectType=team&subject=${TEAM.toUpperCase()}&id=p1`,
    );
    expect(
      permissionHref({ source: 'role', effect: 'allow', description: 'r', role: 'editor' }),
    ).toBeUndefined();
  });
});
