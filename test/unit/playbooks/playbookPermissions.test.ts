import type { PermissionSummary } from '../../../src/api/schemas/permissions';
import { PERMISSIONS_DIALOG_STATE } from '../../../src/features/playbooks/permissions/model/dialogParams';
import { paths } from '../../../src/shell/paths';
import {
  inboundPermissions,
  narrowingExample,
  objectLabel,
  sourceLabel,
  subjectLabel,
  unrestrictedRunners,
} from '../../../src/features/playbooks/permissions/model/playbookPermissions';

const PLAYBOOK = { id: 'p-1', name: 'restart-deployment', namespace: 'ops' };

const row = (id: string, fields: Partial<PermissionSummary>): PermissionSummary => ({
  id,
  action: 'playbook:run',
  subject: 'x',
  subject_type: 'person',
  deny: false,
  ...fields,
});

describe('a playbook’s permissions', () => {
  it('keeps the rows that reach the playbook, denies first, by the id upstream’s view gives', () => {
    const rows = [
      row('a', { playbook_object: { id: 'p-1', name: 'Restart' } }),
      row('b', { playbook_object: { id: 'p-2', name: 'Other' } }),
      row('c', { deny: true, object: 'playbooks' }),
      row('d', { object_selector: { playbooks: [{ name: 'scale-*' }] } }),
    ];
    expect(inboundPermissions(rows, PLAYBOOK).map((permission) => permission.id)).toEqual([
      'c',
      'a',
    ]);
  });

  it('finds the allows of running for everyone without resource selectors', () => {
    const rows = [
      row('open', { subject_type: 'group', subject: 'everyone', object: 'playbooks' }),
      row('any', { subject: '*', action: '*', playbook_id: 'p-1' }),
      row('denied', { subject: '*', deny: true, playbook_id: 'p-1' }),
      row('approve', { subject: '*', action: 'playbook:cancel', playbook_id: 'p-1' }),
      row('narrow', {
        subject: '*',
        object_selector: { playbooks: [{ name: '*' }], configs: [{ name: 'prod-*' }] },
      }),
      row('team', { subject_type: 'team', subject: 't-1', playbook_id: 'p-1' }),
    ];
    expect(unrestrictedRunners(rows, PLAYBOOK).map((permission) => permission.id)).toEqual([
      'open',
      'any',
    ]);
  });

  it('writes a narrower permission for the playbook', () => {
    const example = narrowingExample(PLAYBOOK);
    expect(example).toContain('kind: Permission');
    expect(example).toContain('      - name: restart-deployment\n        namespace: ops');
    expect(example).toContain('    team: sre');
    expect(example).toContain('    configs:');
  });

  it('reads subjects, objects and sources', () => {
    expect(subjectLabel(row('1', { subject_type: 'group', subject: 'everyone' }))).toEqual({
      kind: 'Group',
      name: 'Everyone',
    });
    expect(
      subjectLabel(row('2', { subject_type: 'team', subject: 't-1', team: { name: 'SRE' } })),
    ).toEqual({ kind: 'Team', name: 'SRE', href: '/settings/teams/t-1' });
    expect(subjectLabel(row('3', { subject: 'p-9', person: null }))).toEqual({
      kind: 'Person',
      name: 'p-9',
    });
    expect(
      objectLabel(
        row('4', {
          object_selector: {
            playbooks: [{ name: 'restart-*', namespace: 'ops' }],
            configs: [{ name: '*' }],
          },
        }),
      ),
    ).toBe('Playbooks: ops/restart-*; Configs: *');
    expect(objectLabel(row('5', { object: '*' }))).toBe('Everything');
    expect(sourceLabel(row('6', { source: 'KubernetesCRD', namespace: 'a', name: 'b' }))).toBe(
      'Kubernetes: a/b',
    );
    expect(sourceLabel(row('7', { source: 'UI' }))).toBe('Console');
  });

  it('is linked by the address the page reads', () => {
    const read = (href: string) =>
      PERMISSIONS_DIALOG_STATE.read(new URLSearchParams(href.split('?')[1] ?? ''));
    expect(paths.playbookPermissions.getHref('pb 1')).toBe('/playbooks?permissions=pb+1');
    expect(read(paths.playbookPermissions.getHref('pb 1', 'outbound'))).toEqual({
      permissions: 'pb 1',
      permissionsTab: 'outbound',
    });
  });
});
