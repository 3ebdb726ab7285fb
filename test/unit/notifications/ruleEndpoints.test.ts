import {
  createRuleRequest,
  deleteRuleRequest,
  ruleRequest,
  rulesRequest,
  sendRulesRequest,
  updateRuleRequest,
} from '../../../src/api/endpoints/notificationRules';
import type { RuleBody } from '../../../src/api/endpoints/notificationRules';
import { queryPairs as pairs, softDeleteById } from '../support/requests';

const ID = '018f4b8e-cccc-7000-8000-000000000001';

/** The query of a request's URL, decoded, as ordered pairs. */

const SELECT =
  '*,person:person_id(id,name,avatar,email),team:team_id(id,name,icon),created_by(id,name,avatar,email)';

const BODY: RuleBody = {
  name: 'slack-alerts',
  namespace: 'default',
  events: ['check.failed'],
  custom_services: [{ name: 'slack', url: 'slack://token@C1' }],
};

describe('notification rule requests follow api.md §13', () => {
  it('NOTIF-01 asks the summary view with the embeds, the default order, a page and the count', () => {
    const request = rulesRequest({ pageIndex: 2, pageSize: 25 });
    expect(request.url.startsWith('/api/db/notifications_summary?')).toBe(true);
    expect(pairs(request.url)).toEqual([
      ['select', SELECT],
      ['order', 'created_at.desc'],
      ['limit', '25'],
      ['offset', '50'],
    ]);
    expect(request.prefer).toBe('count=exact');
  });

  it('NOTIF-01 orders by the sort asked for', () => {
    const request = rulesRequest({
      pageIndex: 0,
      pageSize: 50,
      sortBy: 'failed',
      sortOrder: 'asc',
    });
    expect(pairs(request.url)).toContainEqual(['order', 'failed.asc']);
    expect(pairs(request.url).filter(([key]) => key === 'order')).toHaveLength(1);
  });

  it('the picker form of NOTIF-01 is page 0 of 1000 by name', () => {
    const request = sendRulesRequest();
    expect(pairs(request.url)).toEqual([
      ['select', SELECT],
      ['order', 'name.asc'],
      ['limit', '1000'],
      ['offset', '0'],
    ]);
    expect(request.prefer).toBe('count=exact');
  });

  it('NOTIF-02 reads one rule from the table with the same embeds', () => {
    const request = ruleRequest(ID);
    expect(request.url.startsWith('/api/db/notifications?')).toBe(true);
    expect(pairs(request.url)).toEqual([
      ['id', `eq.${ID}`],
      ['select', SELECT],
    ]);
  });

  it('NOTIF-03 posts the fields and stamps created_by with the signed-in user', () => {
    const request = createRuleRequest(BODY);
    expect(request).toMatchObject({
      url: '/api/db/notifications',
      method: 'POST',
      body: BODY,
      stamp: 'created_by',
    });
  });

  it('NOTIF-04 patches by id and forces an empty person, team and custom services to null', () => {
    const request = updateRuleRequest({
      id: ID,
      body: { ...BODY, person_id: '', team_id: undefined, custom_services: [] },
    });
    expect(request.url).toBe(`/api/db/notifications?id=eq.${ID}`);
    expect(request.method).toBe('PATCH');
    expect(request.body).toEqual({
      ...BODY,
      person_id: null,
      team_id: null,
      custom_services: null,
    });
  });

  it('NOTIF-04 keeps a chosen person and the services given', () => {
    const request = updateRuleRequest({ id: ID, body: { ...BODY, person_id: 'p-1' } });
    expect(request.body).toEqual({ ...BODY, person_id: 'p-1', team_id: null });
  });

  it('NOTIF-05 soft deletes with deleted_at now()', () => {
    expect(deleteRuleRequest(ID)).toMatchObject(softDeleteById('notifications', ID));
  });
});
