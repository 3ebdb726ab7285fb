import { allowedActions } from '../../../src/features/tokens/model/tokenPermissions';

describe('allowedActions', () => {
  it('groups the allowed actions by object, in the order given, without the denied ones', () => {
    expect(
      allowedActions([
        { object: 'catalog', action: 'read', deny: false },
        { object: 'playbooks', action: 'playbook:run' },
        { object: 'catalog', action: 'delete', deny: true },
        { object: 'catalog', action: 'update', deny: false },
        { object: 'catalog', action: 'read', deny: false },
        { object: 'mcp', action: '*', deny: true },
        { object: 'canaries' },
        { action: 'read' },
      ]),
    ).toEqual([
      { object: 'catalog', actions: ['read', 'update'] },
      { object: 'playbooks', actions: ['playbook:run'] },
    ]);
  });

  it('lists nothing when everything is denied', () => {
    expect(allowedActions([{ object: 'catalog', action: 'read', deny: true }])).toEqual([]);
    expect(allowedActions([])).toEqual([]);
  });
});
