import {
  actionsForKind,
  answerOf,
  initialQuestion,
  questionChanges,
  reviewRequest,
} from '../../../src/features/permissions/model/accessCheck';

const PLAYBOOK = 'e91ece9b-e14b-42e1-baf5-733ac9dd9eb4';
const CONNECTION = '0f6a9a3e-2a8e-4f43-9d0b-5f1c6c3f8e21';
const CONFIG = 'a7c78866-bc82-4579-974f-136f8a91d52b';

describe('the access check question', () => {
  it('starts on the preset resource with an action that fits it', () => {
    expect(initialQuestion({ kind: 'playbook', id: PLAYBOOK })).toMatchObject({
      resourceKind: 'playbook',
      resource: PLAYBOOK,
      action: 'playbook:run',
      subject: undefined,
    });
    expect(initialQuestion({ kind: 'connection', id: CONNECTION })).toMatchObject({
      resourceKind: 'connection',
      resource: CONNECTION,
      action: 'read',
    });
    expect(initialQuestion(undefined)).toMatchObject({
      resourceKind: 'playbook',
      resource: undefined,
    });
  });

  it('starts on a preset global object with the preset action when it fits', () => {
    expect(initialQuestion({ kind: 'global', id: 'mcp', action: 'mcp:use' })).toMatchObject({
      resourceKind: 'global',
      resource: 'mcp',
      action: 'mcp:use',
    });
    // A playbook action does not fit a global object: the kind's usual action.
    expect(initialQuestion({ kind: 'global', id: 'mcp', action: 'playbook:run' }).action).toBe(
      'read',
    );
    expect(
      reviewRequest({
        ...initialQuestion({ kind: 'global', id: 'mcp', action: 'mcp:use' }),
        subject: 'editor',
      }),
    ).toEqual({
      resource: { global: 'mcp' },
      action: 'mcp:use',
      subjects: ['editor'],
    });
  });

  it('offers the playbook actions on playbooks only', () => {
    expect(actionsForKind('playbook')).toEqual([
      'create',
      'read',
      'update',
      'delete',
      'playbook:approve',
      'playbook:cancel',
      'playbook:run',
      'mcp:run',
      'mcp:use',
    ]);
    expect(actionsForKind('connection')).toEqual([
      'create',
      'read',
      'update',
      'delete',
      'mcp:run',
      'mcp:use',
    ]);
  });

  it('clears what no longer fits when a kind changes', () => {
    const question = { ...initialQuestion({ kind: 'playbook', id: PLAYBOOK }), subject: 'editor' };
    expect(questionChanges(question, { subjectKind: 'team' })).toEqual({
      subjectKind: 'team',
      subject: undefined,
    });
    expect(questionChanges(question, { resourceKind: 'connection' })).toEqual({
      resourceKind: 'connection',
      resource: undefined,
      targetKind: undefined,
      target: undefined,
      action: 'create',
    });
    expect(
      questionChanges({ ...question, action: 'read' }, { resourceKind: 'connection' }),
    ).not.toHaveProperty('action');
    expect(
      questionChanges(
        { ...question, targetKind: 'config', target: CONFIG },
        { targetKind: 'check' },
      ),
    ).toEqual({ targetKind: 'check', target: undefined });
  });

  it('becomes the review’s body: the resource, with what a playbook runs on', () => {
    const base = { ...initialQuestion({ kind: 'playbook', id: PLAYBOOK }), subject: 'editor' };
    expect(reviewRequest(base)).toEqual({
      resource: { playbook: PLAYBOOK },
      action: 'playbook:run',
      subjects: ['editor'],
    });
    expect(reviewRequest({ ...base, targetKind: 'config', target: CONFIG }).resource).toEqual({
      playbook: PLAYBOOK,
      config: CONFIG,
    });
    expect(
      reviewRequest({ ...base, resourceKind: 'connection', resource: CONNECTION, action: 'read' }),
    ).toEqual({ resource: { connection: CONNECTION }, action: 'read', subjects: ['editor'] });
    expect(
      reviewRequest({ ...base, resourceKind: 'global', resource: 'catalog', action: 'read' })
        .resource,
    ).toEqual({ global: 'catalog' });
    expect(
      reviewRequest({ ...base, resourceKind: 'component', resource: CONFIG, action: 'read' })
        .resource,
    ).toEqual({ component: CONFIG });
    expect(
      reviewRequest({ ...base, resourceKind: 'view', resource: CONFIG, action: 'mcp:use' }),
    ).toEqual({ resource: { view: CONFIG }, action: 'mcp:use', subjects: ['editor'] });
  });

  it('reads the answer of the subject asked about', () => {
    const response = {
      action: 'read',
      results: [
        { subject: 'viewer', allowed: false, rules: [] },
        { subject: 'editor', allowed: true },
      ],
    };
    expect(answerOf(response, 'editor')).toEqual({ allowed: true });
    expect(answerOf(response, 'viewer')).toEqual({ allowed: false, rules: [] });
    expect(answerOf({ action: 'read', results: [] }, 'editor')).toEqual({
      allowed: false,
      rules: [],
    });
    expect(
      answerOf(
        { action: 'read', results: [{ subject: 'x', allowed: false, error: 'unknown' }] },
        'x',
      ),
    ).toEqual({ allowed: false, error: 'unknown' });
  });
});
