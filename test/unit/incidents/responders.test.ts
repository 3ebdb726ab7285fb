import type { Responder } from '../../../src/api/schemas/incidents';
import {
  isTeamResponder,
  responderBody,
  responderLink,
  responderName,
  responderTypeOf,
  responderTypesOf,
} from '../../../src/features/incidents/detail/model/responders';
import { expectAnswers } from '../../support/answers';

const JIRA_SPEC = {
  responder_clients: {
    jira: { linkUrl: 'https://jira.example.com/browse/${ID}' },
    email: { to: 'sre@example.com' },
  },
};

function teamResponder(fields: Partial<Responder> = {}): Responder {
  return {
    id: 'r1',
    type: 'system',
    team_id: 't1',
    external_id: 'OPS-1234',
    properties: { responderType: 'jira' },
    team: { id: 't1', name: 'SRE', icon: 'group', spec: JIRA_SPEC },
    ...fields,
  };
}

describe('responderLink', () => {
  it("fills the team's link template for the responder type with the external id", () => {
    expect(responderLink(teamResponder())).toBe('https://jira.example.com/browse/OPS-1234');
  });

  it('replaces every ${ID} in the template', () => {
    const spec = { responder_clients: { jira: { linkUrl: 'https://x.io/${ID}?q=${ID}' } } };
    expect(responderLink(teamResponder({ team: { id: 't1', name: 'SRE', spec } }))).toBe(
      'https://x.io/OPS-1234?q=OPS-1234',
    );
  });

  it('keeps a template without ${ID} as it is', () => {
    const spec = { responder_clients: { jira: { linkUrl: 'https://jira.example.com/board' } } };
    expect(responderLink(teamResponder({ team: { id: 't1', spec }, external_id: null }))).toBe(
      'https://jira.example.com/board',
    );
  });

  it('has no link without a template, a type, an id the template needs, or a web address', () => {
    expect(
      responderLink(teamResponder({ properties: { responderType: 'email' } })),
    ).toBeUndefined();
    expect(
      responderLink(teamResponder({ properties: { responderType: 'slack' } })),
    ).toBeUndefined();
    expect(responderLink(teamResponder({ properties: {} }))).toBeUndefined();
    expect(responderLink(teamResponder({ properties: null }))).toBeUndefined();
    expect(responderLink(teamResponder({ external_id: null }))).toBeUndefined();
    expect(responderLink(teamResponder({ external_id: '  ' }))).toBeUndefined();
    expect(responderLink(teamResponder({ team: null }))).toBeUndefined();
    expect(responderLink(teamResponder({ team: { id: 't1', spec: null } }))).toBeUndefined();
    const script = { responder_clients: { jira: { linkUrl: 'javascript:alert("${ID}")' } } };
    expect(responderLink(teamResponder({ team: { id: 't1', spec: script } }))).toBeUndefined();
    const notText = { responder_clients: { jira: { linkUrl: 42 } } };
    expect(responderLink(teamResponder({ team: { id: 't1', spec: notText } }))).toBeUndefined();
  });
});

describe('responder types and names', () => {
  it("lists a team's responder types from its responder clients", () => {
    expectAnswers(responderTypesOf, [
      [JIRA_SPEC, ['jira', 'email']],
      [{}, []],
      [null, []],
      [{ responder_clients: ['jira'] }, []],
    ]);
  });

  it('reads the responder type from the properties', () => {
    expect(responderTypeOf({ properties: { responderType: 'jira' } })).toBe('jira');
    expect(responderTypeOf({ properties: { responderType: 3 } })).toBeUndefined();
    expect(responderTypeOf({ properties: undefined })).toBeUndefined();
  });

  it('tells teams from people', () => {
    expect(isTeamResponder(teamResponder())).toBe(true);
    expect(isTeamResponder({ type: 'person', team_id: null })).toBe(false);
    expect(isTeamResponder({ type: null, team_id: 't1' })).toBe(true);
  });

  it('names a responder by the person, else the team, else its id', () => {
    expectAnswers(responderName, [
      [{ person: { name: 'Bob' }, team: null }, 'Bob'],
      [{ person: null, team: { name: 'SRE' } }, 'SRE'],
      [{ person: null, team: null, team_id: 't9' }, 't9'],
      [{}, 'Unknown responder'],
    ]);
  });
});

describe('responderBody (INC-20)', () => {
  it('adds a person as a person responder', () => {
    expect(responderBody({ kind: 'person', personId: 'p-bob' }, 'inc-1', 'p-ada')).toEqual({
      type: 'person',
      incident_id: 'inc-1',
      created_by: 'p-ada',
      person_id: 'p-bob',
      properties: { responderType: 'person' },
    });
  });

  it('adds a team as a system responder with its type, and the external id when typed', () => {
    expect(
      responderBody(
        { kind: 'team', teamId: 't1', responderType: 'jira', externalId: ' OPS-9 ' },
        'inc-1',
        'p-ada',
      ),
    ).toEqual({
      type: 'system',
      incident_id: 'inc-1',
      created_by: 'p-ada',
      team_id: 't1',
      external_id: 'OPS-9',
      properties: { responderType: 'jira' },
    });
    expect(
      responderBody({ kind: 'team', teamId: 't1', responderType: 'email' }, 'inc-1', 'p-ada'),
    ).not.toHaveProperty('external_id');
  });
});
