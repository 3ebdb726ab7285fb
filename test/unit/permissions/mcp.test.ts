import type { PermissionSummary } from '../../../src/api/schemas/permissions';
import {
  MCP_PRESETS,
  exposedPermissions,
  exposureOf,
  exposureText,
  rolesByDecision,
  rolesReviewRequest,
} from '../../../src/features/permissions/model/mcp';
import { toPermissionFormValues } from '../../../src/features/permissions/model/permissionForm';

const PLAYBOOK = 'e91ece9b-e14b-42e1-baf5-733ac9dd9eb4';
const row = (fields: Partial<PermissionSummary>): PermissionSummary => ({
  id: fields.id ?? '1',
  action: 'mcp:run',
  ...fields,
});

describe('what an mcp:run permission exposes', () => {
  it('reads a playbook by id, with its title, else its name, else its id', () => {
    expect(
      exposureOf(
        row({ playbook_object: { id: PLAYBOOK, name: 'drain-node', title: 'Drain Node' } }),
      ),
    ).toEqual({ kind: 'playbook', by: 'id', id: PLAYBOOK, name: 'Drain Node' });
    expect(exposureOf(row({ playbook_id: PLAYBOOK }))).toEqual({
      kind: 'playbook',
      by: 'id',
      id: PLAYBOOK,
      name: PLAYBOOK,
    });
  });

  it('reads selectors of playbooks and views, and the global objects', () => {
    expect(exposureOf(row({ object_selector: { playbooks: [{ name: '*' }] } }))).toEqual({
      kind: 'playbook',
      by: 'selector',
    });
    expect(exposureOf(row({ object_selector: { views: [{ name: 'overview' }] } }))).toEqual({
      kind: 'view',
      by: 'selector',
    });
    expect(exposureOf(row({ object: 'playbooks' }))).toEqual({ kind: 'playbook', by: 'global' });
    expect(exposureOf(row({ object: 'views' }))).toEqual({ kind: 'view', by: 'global' });
    expect(exposureOf(row({ object: '*' }))).toEqual({ kind: 'all', by: 'global' });
  });

  it('leaves out permissions on anything else', () => {
    const onConfig = row({ id: '2', action: '*', config_id: PLAYBOOK });
    const onCatalog = row({ id: '3', object: 'catalog' });
    const onView = row({ id: '4', object: 'views' });
    expect(exposureOf(onConfig)).toBeUndefined();
    expect(exposureOf(onCatalog)).toBeUndefined();
    expect(exposedPermissions([onConfig, onView, onCatalog])).toEqual([onView]);
  });

  it('words each exposure that is not one playbook', () => {
    expect(exposureText({ kind: 'playbook', by: 'selector' })).toBe('Playbooks by selector');
    expect(exposureText({ kind: 'view', by: 'global' })).toBe('Every view');
    expect(exposureText({ kind: 'all', by: 'global' })).toBe('Every playbook and view');
  });
});

describe('the roles that may use MCP', () => {
  it('asks once, every role a subject, mcp:use on the mcp object', () => {
    expect(rolesReviewRequest(['admin', 'guest'])).toEqual({
      resource: { global: 'mcp' },
      action: 'mcp:use',
      subjects: ['admin', 'guest'],
    });
  });

  it('splits the roles by the answer, in the order asked; a role left out is denied', () => {
    const response = {
      resource: { global: 'mcp' },
      action: 'mcp:use',
      results: [
        { subject: 'guest', allowed: false, rules: [] },
        { subject: 'admin', allowed: true, rules: [] },
      ],
    };
    expect(rolesByDecision(['admin', 'editor', 'guest'], response)).toEqual({
      allowed: ['admin'],
      denied: ['editor', 'guest'],
    });
  });
});

describe('the presets of the page’s dialogs', () => {
  it('start the permission form on the action and resource of each section', () => {
    expect(toPermissionFormValues(MCP_PRESETS.use)).toMatchObject({
      resourceKind: 'global',
      object: 'mcp',
      action: 'mcp:use',
    });
    expect(toPermissionFormValues(MCP_PRESETS.playbook)).toMatchObject({
      resourceKind: 'playbook',
      action: 'mcp:run',
    });
    expect(toPermissionFormValues(MCP_PRESETS.view)).toMatchObject({
      resourceKind: 'view',
      action: 'mcp:run',
    });
  });
});
