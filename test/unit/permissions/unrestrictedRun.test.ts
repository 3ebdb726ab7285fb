import { inferResourceKind } from '../../../src/features/permissions/model/inference';
import type { PermissionFormValues } from '../../../src/features/permissions/model/permissionForm';
import {
  runsUnrestricted,
  toPermissionFormValues,
  toPermissionInput,
  viewSelectorChanges,
} from '../../../src/features/permissions/model/permissionForm';

const PLAYBOOK = 'e91ece9b-e14b-42e1-baf5-733ac9dd9eb4';

/** A group permission on playbooks: everyone may run restart-deployment on any config. */
function everyoneRuns(changes: Partial<PermissionFormValues> = {}): PermissionFormValues {
  return {
    ...toPermissionFormValues(),
    subject_type: 'group',
    subject: 'everyone',
    resourceKind: 'playbook',
    object_selector: { playbooks: [{ name: 'restart-deployment' }], configs: [{ name: '*' }] },
    action: 'playbook:run',
    ...changes,
  };
}

describe('the unrestricted run warning', () => {
  it('warns when everyone may run a playbook on every config', () => {
    expect(runsUnrestricted(everyoneRuns())).toBe(true);
    expect(runsUnrestricted(everyoneRuns({ subject: '*' }))).toBe(true);
    expect(
      runsUnrestricted(everyoneRuns({ object_selector: { playbooks: [{ name: '*' }] } })),
    ).toBe(true);
  });

  it('warns for the actions that grant a run and the global playbooks object', () => {
    for (const action of ['playbook:*', '*', 'read,playbook:run']) {
      expect(runsUnrestricted(everyoneRuns({ action }))).toBe(true);
    }
    expect(
      runsUnrestricted(
        everyoneRuns({ resourceKind: 'global', object: 'playbooks', object_selector: undefined }),
      ),
    ).toBe(true);
    expect(
      runsUnrestricted(everyoneRuns({ object_selector: undefined, playbook_id: PLAYBOOK })),
    ).toBe(true);
  });

  it('does not warn once a config or component selector narrows where it runs', () => {
    const narrowed = [
      { configs: [{ name: 'orders-*' }] },
      { configs: [{ name: '*', namespace: 'staging' }] },
      { components: [{ name: 'checkout-api' }] },
    ];
    for (const extra of narrowed) {
      expect(
        runsUnrestricted(
          everyoneRuns({
            object_selector: { playbooks: [{ name: 'restart-deployment' }], ...extra },
          }),
        ),
      ).toBe(false);
    }
  });

  it('does not warn for a named subject, a deny, another action or another resource', () => {
    expect(runsUnrestricted(everyoneRuns({ subject: 'responder' }))).toBe(false);
    expect(runsUnrestricted(everyoneRuns({ subject_type: 'person', person_id: 'someone' }))).toBe(
      false,
    );
    expect(runsUnrestricted(everyoneRuns({ deny: true }))).toBe(false);
    expect(runsUnrestricted(everyoneRuns({ action: 'playbook:approve' }))).toBe(false);
    expect(runsUnrestricted(everyoneRuns({ action: 'read' }))).toBe(false);
    expect(
      runsUnrestricted(
        everyoneRuns({ resourceKind: 'global', object: 'catalog', object_selector: undefined }),
      ),
    ).toBe(false);
  });
});

describe('a permission on views', () => {
  it('names the views by name and namespace, and reads back as View', () => {
    const values = {
      ...toPermissionFormValues(),
      subject_type: 'group' as const,
      subject: 'viewer',
      resourceKind: 'view' as const,
      action: 'mcp:use',
      ...viewSelectorChanges(' dashboards-* ', 'mission-control'),
    };
    const input = toPermissionInput(values);
    expect(input.object_selector).toEqual({
      views: [{ name: 'dashboards-*', namespace: 'mission-control' }],
    });
    expect(input.object).toBeNull();
    expect(inferResourceKind(input)).toBe('view');
    expect(viewSelectorChanges('*', '')).toEqual({ object_selector: { views: [{ name: '*' }] } });
    expect(viewSelectorChanges(' ', ' ')).toEqual({ object_selector: undefined });
  });
});
