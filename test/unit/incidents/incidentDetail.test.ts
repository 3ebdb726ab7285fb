import type { IncidentDetail } from '../../../src/api/schemas/incidents';
import {
  descriptionEdit,
  titleEdit,
  EDIT_MESSAGES,
} from '../../../src/features/incidents/detail/model/edits';
import { incidentPageTags } from '../../../src/api/endpoints/incidents';
import { isIncidentId } from '../../../src/features/incidents/detail/model/page';
import {
  findPerson,
  idOf,
  peopleOfIncident,
  personOf,
} from '../../../src/features/incidents/detail/model/people';

describe('inline edits', () => {
  it('saves a changed title trimmed, leaves an equal one, and refuses an empty one', () => {
    expect(titleEdit('  New title ', 'Old title')).toEqual({ kind: 'save', value: 'New title' });
    expect(titleEdit('Old title ', 'Old title')).toEqual({ kind: 'unchanged' });
    expect(titleEdit('   ', 'Old title')).toEqual({
      kind: 'invalid',
      message: EDIT_MESSAGES.emptyTitle,
    });
  });

  it('saves a changed description, which may be emptied', () => {
    expect(descriptionEdit('Line 1\nLine 2\n', 'Line 1')).toEqual({
      kind: 'save',
      value: 'Line 1\nLine 2',
    });
    expect(descriptionEdit('', 'Something')).toEqual({ kind: 'save', value: '' });
    expect(descriptionEdit('', null)).toEqual({ kind: 'unchanged' });
  });
});

describe('people of an incident', () => {
  const incident: IncidentDetail = {
    id: 'inc-1',
    created_by: 'p-ada',
    commander: { id: 'p-ada', name: 'Ada Admin' },
    communicator_id: { id: 'p-cid', name: 'Cid Comms' },
    responders: [{ created_by: { id: 'p-rob', name: 'Rob Resp' } }],
    hypotheses: [
      {
        id: 'h1',
        created_by: { id: 'p-hal', name: 'Hal Hypo' },
        evidences: [{ id: 'e1', evidence: null, created_by: { id: 'p-eve', name: 'Eve Evid' } }],
        comments: [{ id: 'c1', responder_id: null, created_by: 'p-raw' }],
      },
    ],
  };

  it('collects everyone named by the embeds', () => {
    expect(peopleOfIncident(incident).map((person) => person.id)).toEqual([
      'p-ada',
      'p-cid',
      'p-rob',
      'p-hal',
      'p-eve',
    ]);
  });

  it('finds a named person by id', () => {
    expect(findPerson('p-eve', peopleOfIncident(incident))?.name).toBe('Eve Evid');
    expect(findPerson('p-raw', peopleOfIncident(incident))).toBeUndefined();
    expect(findPerson(undefined, peopleOfIncident(incident))).toBeUndefined();
  });

  it('reads a reference that is an embedded person or an id', () => {
    expect(personOf('p-1')).toEqual({ id: 'p-1' });
    expect(personOf({ id: 'p-2', name: 'Two' })).toEqual({ id: 'p-2', name: 'Two' });
    expect(personOf(null)).toBeUndefined();
    expect(idOf({ id: 'p-2' })).toBe('p-2');
    expect(idOf('p-3')).toBe('p-3');
  });
});

describe('the page', () => {
  it('takes only UUIDs as incident ids', () => {
    expect(isIncidentId('018f4b8e-1111-7000-8000-000000000001')).toBe(true);
    expect(isIncidentId('INC-12')).toBe(false);
    expect(isIncidentId(undefined)).toBe(false);
  });

  it('refreshes the incident, its responders and its timeline', () => {
    expect(incidentPageTags('i1')).toEqual([
      { type: 'Incidents', id: 'i1' },
      { type: 'Responders', id: 'i1' },
      { type: 'Incidents', id: 'history:i1' },
    ]);
  });
});
