import { permissionsRequest } from '../../../src/api/endpoints/permissions';
import {
  PERMISSION_FILTERS,
  filterChanges,
  listFilters,
} from '../../../src/features/permissions/model/filters';

const PERSON = 'd7c57008-93a3-44bd-a344-1aabe1f6f210';
const PLAYBOOK = 'e91ece9b-e14b-42e1-baf5-733ac9dd9eb4';

/** The request's query parameters, without the ones every page sends. */
function filtersSent(search: string): Array<[string, string]> {
  const filters = listFilters(PERMISSION_FILTERS.read(new URLSearchParams(search)));
  const { url } = permissionsRequest({ pageIndex: 0, pageSize: 50, filters });
  const params = new URL(url, 'http://console').searchParams;
  return [...params].filter(([key]) => !['select', 'deleted_at', 'limit', 'offset'].includes(key));
}

describe('permission filters in the address', () => {
  it('reads each filter and writes it back', () => {
    const search =
      'subjectType=person&subject=' +
      PERSON +
      '&resourceKind=playbook&resource=' +
      PLAYBOOK +
      '&action=playbook%3Arun&effect=deny';
    const state = PERMISSION_FILTERS.read(new URLSearchParams(search));
    expect(state).toEqual({
      subjectType: 'person',
      subject: PERSON,
      resourceKind: 'playbook',
      resource: PLAYBOOK,
      action: 'playbook:run',
      effect: 'deny',
    });
    expect(PERMISSION_FILTERS.write(new URLSearchParams(), state).toString()).toBe(search);
    expect(PERMISSION_FILTERS.isFiltered(state)).toBe(true);
  });

  it('ignores values that are not offered, and goes back to the first page on a change', () => {
    const state = PERMISSION_FILTERS.read(
      new URLSearchParams('subjectType=robot&resourceKind=planet&effect=maybe'),
    );
    expect(PERMISSION_FILTERS.isFiltered(state)).toBe(false);
    const next = PERMISSION_FILTERS.write(new URLSearchParams('pageIndex=3&pageSize=10'), {
      effect: 'allow',
    });
    expect(next.toString()).toBe('pageSize=10&effect=allow');
    expect(PERMISSION_FILTERS.history(new URLSearchParams(), { effect: 'allow' })).toBe('push');
  });

  it('clears the subject or object chosen when its kind changes', () => {
    const current = PERMISSION_FILTERS.read(
      new URLSearchParams(`subjectType=person&subject=${PERSON}&resourceKind=config&resource=x`),
    );
    expect(filterChanges(current, { subjectType: 'team' })).toEqual({
      subjectType: 'team',
      subject: undefined,
    });
    expect(filterChanges(current, { resourceKind: 'playbook' })).toEqual({
      resourceKind: 'playbook',
      resource: undefined,
    });
    expect(filterChanges(current, { subject: 'other' })).toEqual({ subject: 'other' });
  });
});

describe('permission filters sent to PostgREST', () => {
  it('sends nothing without filters', () => {
    expect(filtersSent('')).toEqual([]);
  });

  it('sends the subject type and the subject', () => {
    expect(filtersSent(`subjectType=person&subject=${PERSON}`)).toEqual([
      ['subject_type', 'eq.person'],
      ['subject', `eq.${PERSON}`],
    ]);
    expect(filtersSent('subjectType=group&subject=editor')).toEqual([
      ['subject_type', 'eq.group'],
      ['subject', 'eq.editor'],
    ]);
    // A subject without its type is not applied.
    expect(filtersSent(`subject=${PERSON}`)).toEqual([]);
  });

  it('sends one object by its resolved id, and a kind as the object or a selector of it', () => {
    expect(filtersSent(`resourceKind=playbook&resource=${PLAYBOOK}`)).toEqual([
      ['playbook_object->>id', `eq.${PLAYBOOK}`],
    ]);
    expect(filtersSent('resourceKind=config')).toEqual([
      ['or', '(config_object.not.is.null,object_selector->configs.not.is.null)'],
    ]);
    expect(filtersSent('resourceKind=canary')).toEqual([['or', '(canary_object.not.is.null)']]);
    expect(filtersSent('resourceKind=global')).toEqual([['object', 'not.is.null']]);
    expect(filtersSent('resourceKind=global&resource=catalog')).toEqual([['object', 'eq.catalog']]);
  });

  it('sends an action as itself, in a list, or through a wildcard', () => {
    expect(filtersSent('action=read')).toEqual([
      [
        'or',
        '(action.in.(read,*),action.like."read,*",action.like."*,read",action.like."*,read,*")',
      ],
    ]);
    const [[, run]] = filtersSent('action=playbook:run') as [[string, string]];
    expect(run).toContain('action.in.(playbook:run,*,playbook:*)');
  });

  it('sends the effect', () => {
    expect(filtersSent('effect=deny')).toEqual([['deny', 'is.true']]);
    expect(filtersSent('effect=allow')).toEqual([['deny', 'not.is.true']]);
  });

  it('combines two groups of alternatives with and', () => {
    const sent = filtersSent('resourceKind=connection&action=update&effect=allow');
    expect(sent).toContainEqual(['deny', 'not.is.true']);
    const and = sent.find(([key]) => key === 'and');
    expect(and?.[1]).toMatch(
      /^\(or\(connection_object\.not\.is\.null,object_selector->connections\.not\.is\.null\),or\(action\.in\./,
    );
    expect(sent.some(([key]) => key === 'or')).toBe(false);
  });
});
