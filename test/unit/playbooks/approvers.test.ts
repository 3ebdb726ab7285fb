import {
  isNamedApprover,
  namedApprovers,
} from '../../../src/features/playbooks/runs/model/approvers';
import { expectAnswers } from '../../support/answers';

const SPEC = {
  approval: {
    type: 'any',
    approvers: { people: ['cleo@example.com', 'Ada Admin', 42], teams: ['sre'] },
  },
};
const CLEO = { id: 'p-1', name: 'Cleo', email: 'Cleo@Example.com' };

describe('playbook approvers', () => {
  it('reads the people a spec names, ignoring what is not a name', () => {
    expectAnswers(namedApprovers, [
      [SPEC, ['cleo@example.com', 'Ada Admin']],
      [{}, []],
      [{ approval: { approvers: { people: 'cleo' } } }, []],
      [null, []],
    ]);
  });

  it('knows a user named by email, name or id, whatever the case', () => {
    expect(isNamedApprover(SPEC, CLEO)).toBe(true);
    expect(isNamedApprover(SPEC, { id: 'p-2', name: 'ada admin', email: null })).toBe(true);
    expect(
      isNamedApprover({ approval: { approvers: { people: ['p-3'] } } }, { id: 'p-3', name: 'x' }),
    ).toBe(true);
  });

  it('does not count team approvers, other people or nobody', () => {
    expect(isNamedApprover(SPEC, { id: 'p-4', name: 'sre', email: 'bob@example.com' })).toBe(false);
    expect(isNamedApprover(SPEC, null)).toBe(false);
    expect(isNamedApprover({}, CLEO)).toBe(false);
  });
});
