import type { PermissionSummary } from '../../../src/api/schemas/permissions';
import {
  describeResource,
  describeSubject,
} from '../../../src/features/permissions/model/describe';
import {
  PERMISSION_MESSAGES,
  isDeletablePermission,
  isReadOnlyPermission,
  playbookPickChanges,
  resourceKindChanges,
  subjectKindChanges,
  toPermissionFormValues,
  toPermissionInput,
  validatePermission,
} from '../../../src/features/permissions/model/permissionForm';
import type { PermissionFormValues } from '../../../src/features/permissions/model/permissionForm';
import { NULL_RESOURCE } from '../../support/permissions';
import { expectAnswers } from '../../support/answers';

const TEAM = '0962ad31-033f-4e67-9834-b77f81e8a128';
const PERSON = 'd7c57008-93a3-44bd-a344-1aabe1f6f210';
const CONFIG = 'a7c78866-bc82-4579-974f-136f8a91d52b';

describe('form values of a permission', () => {
  it('starts a new permission as a Person on the Catalog with nothing chosen', () => {
    expect(toPermissionFormValues()).toEqual({
      subject_type: 'person',
      resourceKind: 'catalog',
      action: '',
      deny: false,
      description: '',
      person_id: undefined,
    });
  });

  it('puts the subject of a summary row into the id of its kind', () => {
    const values = toPermissionFormValues({
      id: '1',
      subject: TEAM,
      subject_type: 'team',
      action: 'playbook:run',
      object_selector: { playbooks: [{ name: '*' }] },
      deny: true,
      description: 'Checkout may run any playbook',
    });
    expect(values).toMatchObject({
      subject_type: 'team',
      team_id: TEAM,
      resourceKind: 'playbook',
      object_selector: { playbooks: [{ name: '*' }] },
      action: 'playbook:run',
      deny: true,
      description: 'Checkout may run any playbook',
    });
    expect(values.person_id).toBeUndefined();
  });

  it('starts a preset on its action and the mcp object, as a global permission', () => {
    expect(toPermissionFormValues({ action: 'mcp:use', object: 'mcp' })).toMatchObject({
      subject_type: 'person',
      resourceKind: 'global',
      object: 'mcp',
      action: 'mcp:use',
    });
  });

  it('starts a preset on its resource kind while no column names a resource', () => {
    expect(toPermissionFormValues({ action: 'mcp:run', resourceKind: 'playbook' })).toMatchObject({
      resourceKind: 'playbook',
      action: 'mcp:run',
    });
    expect(toPermissionFormValues({ action: 'mcp:run', resourceKind: 'view' })).toMatchObject({
      resourceKind: 'view',
    });
    // A column naming a resource wins over the preset's kind.
    expect(
      toPermissionFormValues({ resourceKind: 'playbook', config_id: CONFIG }).resourceKind,
    ).toBe('catalog');
    expect(toPermissionFormValues({ resourceKind: 'playbook', object: 'mcp' }).resourceKind).toBe(
      'global',
    );
  });

  it('keeps a group name and a playbook subject in subject', () => {
    expect(toPermissionFormValues({ subject_type: 'group', subject: 'auditors' })).toMatchObject({
      subject_type: 'group',
      subject: 'auditors',
    });
  });
});

describe('switching kinds', () => {
  const filled: PermissionFormValues = {
    subject_type: 'person',
    person_id: PERSON,
    team_id: TEAM,
    notification_id: 'n1',
    subject: 'auditors',
    resourceKind: 'catalog',
    config_id: CONFIG,
    component_id: 'c1',
    connection_id: 'x1',
    playbook_id: 'p1',
    canary_id: 'k1',
    object: 'catalog',
    object_selector: { scopes: [{ name: 's' }] },
    action: 'playbook:run',
    deny: false,
    description: '',
  };

  it('clears the person, notification and team ids when the subject kind changes', () => {
    const next = { ...filled, ...subjectKindChanges('team') };
    expect(next).toMatchObject({ subject_type: 'team' });
    expect(next.person_id).toBeUndefined();
    expect(next.team_id).toBeUndefined();
    expect(next.notification_id).toBeUndefined();
    expect(next.subject).toBeUndefined();
  });

  it('clears every resource field when the resource kind changes', () => {
    const next = { ...filled, ...resourceKindChanges('connection', 'read') };
    expect(next.resourceKind).toBe('connection');
    for (const key of [
      'object',
      'object_selector',
      'config_id',
      'component_id',
      'connection_id',
      'playbook_id',
      'canary_id',
    ] as const) {
      expect(next[key]).toBeUndefined();
    }
    expect(next.action).toBe('playbook:run');
  });

  it('drops an action the new kind does not offer and keeps one it does', () => {
    expect(resourceKindChanges('catalog', 'playbook:run')).toMatchObject({ action: '' });
    expect(resourceKindChanges('catalog', 'read')).not.toHaveProperty('action');
    expect(resourceKindChanges('playbook', 'playbook:run')).not.toHaveProperty('action');
  });

  it('picking a playbook sets the selector to it on all configs', () => {
    expect(playbookPickChanges('restart-deployment')).toEqual({
      object_selector: { playbooks: [{ name: 'restart-deployment' }], configs: [{ name: '*' }] },
      playbook_id: undefined,
    });
  });
});

describe('what is sent', () => {
  const base = toPermissionFormValues();

  it('sends the team as subject, the playbook selector and nulls for the other resources', () => {
    const values: PermissionFormValues = {
      ...base,
      ...subjectKindChanges('team'),
      team_id: TEAM,
      ...resourceKindChanges('playbook', ''),
      ...playbookPickChanges('drain-node'),
      action: 'playbook:run',
      description: '  On-call drains nodes  ',
    };
    expect(toPermissionInput(values)).toEqual({
      subject: TEAM,
      subject_type: 'team',
      ...NULL_RESOURCE,
      object_selector: { playbooks: [{ name: 'drain-node' }], configs: [{ name: '*' }] },
      action: 'playbook:run',
      deny: false,
      description: 'On-call drains nodes',
    });
  });

  it('sends only the field of the chosen kind, whatever else is left in the values', () => {
    const values: PermissionFormValues = {
      ...base,
      person_id: PERSON,
      resourceKind: 'global',
      object: 'rbac',
      config_id: CONFIG,
      action: 'read',
      deny: true,
    };
    expect(toPermissionInput(values, '2030-01-01T00:00:00Z')).toEqual({
      subject: PERSON,
      subject_type: 'person',
      ...NULL_RESOURCE,
      object: 'rbac',
      action: 'read',
      deny: true,
      description: '',
      until: '2030-01-01T00:00:00Z',
    });
  });

  it('keeps a legacy playbook id when no playbook was picked', () => {
    const values = toPermissionFormValues({ person_id: PERSON, playbook_id: 'p1', action: 'read' });
    expect(toPermissionInput(values)).toMatchObject({ playbook_id: 'p1', object_selector: null });
  });

  it('sends the group name trimmed', () => {
    const values = { ...base, ...subjectKindChanges('group'), subject: ' auditors ' };
    expect(toPermissionInput(values).subject).toBe('auditors');
  });
});

describe('validation', () => {
  it('needs a subject, a resource and an action', () => {
    expect(validatePermission(toPermissionFormValues())).toEqual({
      subject: PERMISSION_MESSAGES.subjectRequired,
      resource: PERMISSION_MESSAGES.resourceRequired,
      action: PERMISSION_MESSAGES.actionRequired,
    });
  });

  it('passes a complete permission', () => {
    const values = {
      ...toPermissionFormValues(),
      team_id: TEAM,
      config_id: CONFIG,
      action: 'read',
    };
    expect(validatePermission({ ...values, subject_type: 'team' })).toEqual({});
  });

  it('does not count a resource of another kind', () => {
    const values = {
      ...toPermissionFormValues(),
      person_id: PERSON,
      resourceKind: 'scope' as const,
      config_id: CONFIG,
      action: 'read',
    };
    expect(validatePermission(values)).toEqual({ resource: PERMISSION_MESSAGES.resourceRequired });
  });
});

describe('sources', () => {
  it('makes Kubernetes permissions read-only and only console ones deletable', () => {
    expect(isReadOnlyPermission({ source: 'KubernetesCRD' })).toBe(true);
    expect(isReadOnlyPermission({ source: 'UI' })).toBe(false);
    expectAnswers(isDeletablePermission, [
      [{ source: 'UI' }, true],
      [{}, true],
      [{ source: 'KubernetesCRD' }, false],
      [undefined, false],
    ]);
  });
});

describe('table text', () => {
  const row = (fields: Partial<PermissionSummary>): PermissionSummary => ({
    id: '1',
    action: 'read',
    ...fields,
  });

  it('names the subject by its resolved object, else its id', () => {
    expect(
      describeSubject(
        row({
          subject_type: 'team',
          subject: TEAM,
          team: { id: TEAM, name: 'Checkout', namespace: 'KubernetesCRD' },
        }),
      ),
    ).toBe('Team: Checkout');
    expect(describeSubject(row({ subject_type: 'group', subject: 'auditors' }))).toBe(
      'Group: auditors',
    );
    expect(
      describeSubject(
        row({
          subject_type: 'notification',
          notification: { id: 'n', name: 'pod-crashes', namespace: 'mission-control' },
        }),
      ),
    ).toBe('Notification: mission-control/pod-crashes');
  });

  it('names the resource by its resolved object, selector or global object', () => {
    expect(
      describeResource(row({ config_id: CONFIG, config_object: { id: CONFIG, name: 'web' } })),
    ).toBe('Catalog: web');
    expect(describeResource(row({ object_selector: playbookPick('drain-node') }))).toBe(
      'Playbook: drain-node',
    );
    expect(describeResource(row({ object: 'catalog' }))).toBe('Global: catalog');
    expect(
      describeResource(
        row({ object_selector: { scopes: [{ namespace: 'sre', name: 'runbooks' }] } }),
      ),
    ).toBe('Scope: sre/runbooks');
    expect(describeResource(row({ canary_id: 'k1' }))).toBe('Canary: k1');
  });
});

function playbookPick(name: string) {
  return playbookPickChanges(name).object_selector ?? null;
}
