import type { IncidentHistory } from '../../../src/api/schemas/incidents';
import {
  HISTORY_TYPES,
  UNKNOWN_ACTOR,
  describeHistory,
  evidenceSubject,
  newestFirst,
  typeWords,
} from '../../../src/features/incidents/detail/model/timeline';
import { expectAnswers } from '../../support/answers';

const ADA = { id: 'p-ada', name: 'Ada Admin', avatar: null };

/** A changelog entry by Ada of this type. */
function entry(type: string, fields: Partial<IncidentHistory> = {}): IncidentHistory {
  return {
    id: `h-${type}`,
    incident_id: 'inc-1',
    type,
    created_at: '2026-03-10T12:00:00Z',
    created_by: ADA,
    ...fields,
  };
}

describe('describeHistory', () => {
  it('words incident.created', () => {
    expect(describeHistory(entry('incident.created', { description: 'INC-7' }))).toBe(
      'Ada Admin created the incident',
    );
  });

  it.each(['incident.status_updated', 'incident_status.updated'])(
    'words %s with the new status from the description',
    (type) => {
      expect(describeHistory(entry(type, { description: 'investigating' }))).toBe(
        'Ada Admin changed status to investigating',
      );
      expect(describeHistory(entry(type, { description: null }))).toBe('Ada Admin changed status');
    },
  );

  it('words responder.created with the person, else the team', () => {
    const person = { id: 'r1', person: { id: 'p-bob', name: 'Bob' }, team: null };
    expect(describeHistory(entry('responder.created', { responder: person }))).toBe(
      'Ada Admin added Bob as a responder',
    );
    const team = { id: 'r2', person: null, team: { id: 't1', name: 'SRE', icon: 'group' } };
    expect(describeHistory(entry('responder.created', { responder: team }))).toBe(
      'Ada Admin added SRE as a responder',
    );
    expect(describeHistory(entry('responder.created', { responder: null }))).toBe(
      'Ada Admin added a responder',
    );
  });

  it('words evidence.created with what it points at and the hypothesis', () => {
    const check = { id: 'e1', type: 'check', checks: { id: 'c1', name: 'checkout-http' } };
    expect(
      describeHistory(
        entry('evidence.created', {
          evidence: check,
          hypothesis: { id: 'h1', title: 'Database overloaded' },
        }),
      ),
    ).toBe('Ada Admin added evidence: checkout-http to hypothesis “Database overloaded”');
    expect(describeHistory(entry('evidence.created', { evidence: check }))).toBe(
      'Ada Admin added evidence: checkout-http',
    );
    expect(describeHistory(entry('evidence.created', { evidence: null }))).toBe(
      'Ada Admin added evidence',
    );
  });

  it('names evidence by component, config, check, change type, analyzer, then description', () => {
    const all = {
      id: 'e1',
      description: 'Seen in the logs',
      components: { id: 'k1', name: 'Checkout' },
      configs: { id: 'c1', name: 'checkout-api' },
      checks: { id: 'h1', name: 'checkout-http' },
      config_changes: { id: 'x1', change_type: 'diff' },
      config_analysis: { id: 'a1', analyzer: 'no-limits' },
    };
    expectAnswers(evidenceSubject, [
      [all, 'Checkout'],
      [{ ...all, components: null }, 'checkout-api'],
      [{ ...all, components: null, configs: null }, 'checkout-http'],
      [{ ...all, components: null, configs: null, checks: null }, 'diff'],
    ]);
    expect(
      evidenceSubject({
        ...all,
        components: null,
        configs: null,
        checks: null,
        config_changes: null,
      }),
    ).toBe('no-limits');
    expect(evidenceSubject({ id: 'e2', description: ' Seen in the logs ' })).toBe(
      'Seen in the logs',
    );
    expect(evidenceSubject({ id: 'e3' })).toBeUndefined();
  });

  it('words evidence.done_definition_added', () => {
    const config = { id: 'e1', configs: { id: 'c1', name: 'checkout-api' } };
    expect(describeHistory(entry('evidence.done_definition_added', { evidence: config }))).toBe(
      'Ada Admin marked evidence checkout-api as definition of done',
    );
    expect(describeHistory(entry('evidence.done_definition_added'))).toBe(
      'Ada Admin marked evidence as definition of done',
    );
  });

  it('words responder.commented with the comment', () => {
    expect(
      describeHistory(
        entry('responder.commented', { comment: { id: 'c1', comment: 'Rolling back now' } }),
      ),
    ).toBe('Ada Admin commented: Rolling back now');
    expect(describeHistory(entry('responder.commented'))).toBe('Ada Admin commented');
  });

  it('words hypothesis.created with its title', () => {
    expect(
      describeHistory(
        entry('hypothesis.created', { hypothesis: { id: 'h1', title: 'Bad deploy' } }),
      ),
    ).toBe('Ada Admin added hypothesis “Bad deploy”');
    expect(describeHistory(entry('hypothesis.created'))).toBe('Ada Admin added a hypothesis');
  });

  it('words hypothesis.status_updated with the title and the new status', () => {
    expect(
      describeHistory(
        entry('hypothesis.status_updated', {
          description: 'likely',
          hypothesis: { id: 'h1', title: 'Bad deploy' },
        }),
      ),
    ).toBe('Ada Admin changed hypothesis “Bad deploy” to likely');
    expect(describeHistory(entry('hypothesis.status_updated', { description: 'likely' }))).toBe(
      'Ada Admin changed a hypothesis to likely',
    );
    expect(
      describeHistory(
        entry('hypothesis.status_updated', { hypothesis: { id: 'h1', title: 'Bad deploy' } }),
      ),
    ).toBe('Ada Admin changed the status of hypothesis “Bad deploy”');
  });

  it('words a type it does not know from the type itself', () => {
    expect(describeHistory(entry('incident.severity_updated', { description: 'high' }))).toBe(
      'Ada Admin: incident severity updated (high)',
    );
    expect(describeHistory(entry('playbook.runCompleted'))).toBe(
      'Ada Admin: playbook run completed',
    );
    expect(describeHistory(entry('', { type: null }))).toBe('Ada Admin: change');
  });

  it('gives every known type its own sentence, not the generic one', () => {
    for (const type of HISTORY_TYPES) {
      expect(describeHistory(entry(type))).not.toContain(':');
      expect(describeHistory(entry(type))).toMatch(/^Ada Admin /);
    }
  });

  it('attributes an entry without a person to someone', () => {
    expect(describeHistory(entry('incident.created', { created_by: null }))).toBe(
      `${UNKNOWN_ACTOR} created the incident`,
    );
  });
});

describe('typeWords', () => {
  it('splits dots, underscores and camelCase into lower-case words', () => {
    expect(typeWords('incident_status.updated')).toBe('incident status updated');
    expect(typeWords('evidence.doneDefinitionAdded')).toBe('evidence done definition added');
    expect(typeWords('')).toBe('');
  });
});

describe('newestFirst', () => {
  it('orders by time, newest first, keeping equal times and putting undated entries last', () => {
    const rows = [
      entry('a', { id: 'old', created_at: '2026-03-01T00:00:00Z' }),
      entry('b', { id: 'none', created_at: null }),
      entry('c', { id: 'new', created_at: '2026-03-09T00:00:00Z' }),
      entry('d', { id: 'same-1', created_at: '2026-03-05T00:00:00Z' }),
      entry('e', { id: 'same-2', created_at: '2026-03-05T00:00:00Z' }),
    ];
    expect(newestFirst(rows).map((row) => row.id)).toEqual([
      'new',
      'same-1',
      'same-2',
      'old',
      'none',
    ]);
    expect(rows[0]!.id).toBe('old');
  });
});
