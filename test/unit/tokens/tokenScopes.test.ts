import type { ScopeLevel, ScopeObject } from '../../../src/features/tokens/model/tokenScopes';
import {
  MCP_ONLY_LEVELS,
  SCOPE_OBJECTS,
  actionsForLevel,
  actionsOf,
  levelForActions,
  levelsOf,
  presetActions,
  presetLevels,
  scopeEntries,
  uniformLevels,
} from '../../../src/features/tokens/model/tokenScopes';

const CRUD = ['read', 'create', 'update', 'delete'];
const PLAIN: ScopeObject[] = ['canaries', 'catalog', 'application', 'notification'];

const pairs = (entries: ReturnType<typeof scopeEntries>) =>
  entries.map((entry) => `${entry.object}:${entry.action}`);

describe('token scope objects and levels', () => {
  it('lists the six objects of spec 002 §3.9 in order', () => {
    expect(SCOPE_OBJECTS).toEqual([
      'mcp',
      'canaries',
      'catalog',
      'application',
      'playbooks',
      'notification',
    ]);
  });

  it('offers * on mcp, CRUD plus run and approve on playbooks, CRUD elsewhere', () => {
    expect(actionsOf('mcp')).toEqual(['*']);
    expect(actionsOf('playbooks')).toEqual([...CRUD, 'playbook:approve', 'playbook:run']);
    for (const object of PLAIN) expect(actionsOf(object)).toEqual(CRUD);
  });

  it('offers None/Admin on mcp, None..Write on playbooks, None..Admin elsewhere', () => {
    expect(levelsOf('mcp')).toEqual(['None', 'Admin']);
    expect(levelsOf('playbooks')).toEqual(['None', 'Read', 'Run', 'Approve', 'Write']);
    for (const object of PLAIN)
      expect(levelsOf(object)).toEqual(['None', 'Read', 'Write', 'Admin']);
  });
});

describe('actionsForLevel (spec 002 §4.8)', () => {
  it.each(PLAIN)('%s: Admin is CRUD, Write read and create, Read read, None nothing', (object) => {
    expect(actionsForLevel(object, 'Admin')).toEqual(['read', 'create', 'update', 'delete']);
    expect(actionsForLevel(object, 'Write')).toEqual(['read', 'create']);
    expect(actionsForLevel(object, 'Read')).toEqual(['read']);
    expect(actionsForLevel(object, 'None')).toEqual([]);
  });

  it('playbooks: Write, Approve, Run, Read', () => {
    expect(actionsForLevel('playbooks', 'Write')).toEqual([
      'read',
      'playbook:run',
      'playbook:approve',
      'create',
      'delete',
    ]);
    expect(actionsForLevel('playbooks', 'Approve')).toEqual([
      'read',
      'playbook:run',
      'playbook:approve',
    ]);
    expect(actionsForLevel('playbooks', 'Run')).toEqual(['read', 'playbook:run']);
    expect(actionsForLevel('playbooks', 'Read')).toEqual(['read']);
    expect(actionsForLevel('playbooks', 'None')).toEqual([]);
  });

  it('mcp: Admin is *, None nothing', () => {
    expect(actionsForLevel('mcp', 'Admin')).toEqual(['*']);
    expect(actionsForLevel('mcp', 'None')).toEqual([]);
  });

  it('grants nothing for a level the object does not have', () => {
    expect(actionsForLevel('mcp', 'Read')).toEqual([]);
    expect(actionsForLevel('playbooks', 'Admin')).toEqual([]);
    expect(actionsForLevel('catalog', 'Run')).toEqual([]);
  });
});

describe('levelForActions (spec 002 §4.8)', () => {
  it('is the inverse of actionsForLevel for every level of every object', () => {
    for (const object of SCOPE_OBJECTS) {
      for (const level of levelsOf(object)) {
        expect([object, levelForActions(object, actionsForLevel(object, level))]).toEqual([
          object,
          level,
        ]);
      }
    }
  });

  it('takes the highest level whose actions are all granted', () => {
    expect(levelForActions('catalog', ['read', 'create', 'update'])).toBe('Write');
    expect(levelForActions('catalog', ['create', 'update', 'delete'])).toBe('None');
    expect(levelForActions('catalog', ['delete', 'read'])).toBe('Read');
    expect(levelForActions('playbooks', CRUD)).toBe('Read');
    expect(levelForActions('playbooks', [...CRUD, 'playbook:approve', 'playbook:run'])).toBe(
      'Write',
    );
    expect(levelForActions('playbooks', ['read', 'playbook:approve'])).toBe('Read');
    expect(levelForActions('playbooks', ['playbook:run'])).toBe('None');
    expect(levelForActions('mcp', ['read'])).toBe('None');
  });
});

describe('presets (spec 002 §6.3)', () => {
  it('Read grants read on every object, and mcp', () => {
    expect(pairs(scopeEntries('Read', uniformLevels('None')))).toEqual([
      'mcp:*',
      'canaries:read',
      'catalog:read',
      'application:read',
      'playbooks:read',
      'notification:read',
    ]);
  });

  it('Write grants read and create on every object, and mcp', () => {
    expect(pairs(scopeEntries('Write', uniformLevels('None')))).toEqual([
      'mcp:*',
      'canaries:read',
      'canaries:create',
      'catalog:read',
      'catalog:create',
      'application:read',
      'application:create',
      'playbooks:read',
      'playbooks:create',
      'notification:read',
      'notification:create',
    ]);
  });

  it('Admin grants every non-playbook action, everything on playbooks, and mcp', () => {
    const admin = presetActions('Admin');
    expect(admin.mcp).toEqual(['*']);
    expect(admin.playbooks).toEqual([...CRUD, 'playbook:approve', 'playbook:run']);
    for (const object of PLAIN) expect(admin[object]).toEqual(CRUD);
  });

  it('ignores the Custom levels unless the preset is Custom', () => {
    const levels: Record<ScopeObject, ScopeLevel> = {
      ...uniformLevels('Admin'),
      playbooks: 'Write',
    };
    expect(scopeEntries('Read', levels)).toEqual(scopeEntries('Read', uniformLevels('None')));
  });

  it('Custom grants what each level grants', () => {
    const levels: Record<ScopeObject, ScopeLevel> = {
      mcp: 'None',
      canaries: 'Admin',
      catalog: 'Write',
      application: 'Read',
      playbooks: 'Run',
      notification: 'None',
    };
    expect(pairs(scopeEntries('Custom', levels))).toEqual([
      'canaries:read',
      'canaries:create',
      'canaries:update',
      'canaries:delete',
      'catalog:read',
      'catalog:create',
      'application:read',
      'playbooks:read',
      'playbooks:playbook:run',
    ]);
  });

  it('every entry has an empty subject', () => {
    expect(scopeEntries('Admin', uniformLevels('None')).every((e) => e.subject === '')).toBe(true);
  });

  it('MCP setup: Custom with only mcp gives exactly mcp:*', () => {
    expect(scopeEntries('Custom', MCP_ONLY_LEVELS)).toEqual([
      { subject: '', object: 'mcp', action: '*' },
    ]);
  });

  it('shows each preset as levels for the Custom editor to start from', () => {
    expect(presetLevels('Read')).toEqual({ ...uniformLevels('Read'), mcp: 'Admin' });
    expect(presetLevels('Write')).toEqual({
      ...uniformLevels('Write'),
      mcp: 'Admin',
      playbooks: 'Read',
    });
    expect(presetLevels('Admin')).toEqual({
      ...uniformLevels('Admin'),
      playbooks: 'Write',
    });
    expect(presetLevels('Custom')).toEqual(uniformLevels('None'));
  });
});
