import {
  INCIDENT_SEVERITIES,
  INCIDENT_STATUSES,
  INCIDENT_TYPES,
  SEVERITY_LOOK,
  STATUS_INTENTS,
  TYPE_ICONS,
  choices,
  labelOf,
} from '../../../src/features/incidents/model/incidentValues';

describe('incident values', () => {
  it('choices keeps the order and labels given', () => {
    expect(choices({ b: 'Bee', a: 'Ay' })).toEqual([
      { value: 'b', label: 'Bee' },
      { value: 'a', label: 'Ay' },
    ]);
  });

  it('lists the statuses in the order an incident moves through them, each with a colour', () => {
    expect(INCIDENT_STATUSES.map((status) => status.value)).toEqual([
      'new',
      'open',
      'investigating',
      'mitigated',
      'resolved',
      'closed',
    ]);
    expect(STATUS_INTENTS).toMatchObject({ open: 'danger', resolved: 'success', closed: 'none' });
  });

  it('gives every severity and type its label and look', () => {
    expect(labelOf(INCIDENT_SEVERITIES, 'medium')).toBe('Medium');
    expect(SEVERITY_LOOK.blocker).toEqual({ icon: 'ban-circle', intent: 'danger' });
    expect(Object.keys(SEVERITY_LOOK)).toEqual(INCIDENT_SEVERITIES.map((choice) => choice.value));
    expect(labelOf(INCIDENT_TYPES, 'technicalDebt')).toBe('Technical Debt');
    expect(TYPE_ICONS.cost).toBe('dollar');
    expect(Object.keys(TYPE_ICONS)).toEqual(INCIDENT_TYPES.map((choice) => choice.value));
  });
});
