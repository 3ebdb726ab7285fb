import type { ApplicationReport } from '../../../src/api/schemas/applications';
import { reportParts, sectionTitle } from '../../../src/features/applications/model/reportSections';
import { expectAnswers } from '../../support/answers';

const BASE: ApplicationReport = { name: 'payments-platform' };

describe('the audit report parts', () => {
  it('has no parts for a response that carries no lists', () => {
    expect(reportParts(BASE)).toEqual([]);
    expect(reportParts({ ...BASE, backups: null, findings: undefined })).toEqual([]);
  });

  it('keeps an empty list as a part (it says there is nothing) and orders the parts', () => {
    const parts = reportParts({
      ...BASE,
      accessControl: { users: [] },
      restores: [],
      backups: [],
      incidents: [],
      findings: [],
      sections: [
        { type: 'changes', title: 'Recent changes', changes: [] },
        { type: 'configs', configs: [] },
      ],
      locations: [],
    });
    expect(parts.map((part) => [part.id, part.title])).toEqual([
      ['locations', 'Environments'],
      ['section-0', 'Recent changes'],
      ['section-1', 'Configs'],
      ['findings', 'Findings'],
      ['incidents', 'Incidents'],
      ['backups', 'Backups'],
      ['restores', 'Restores'],
      ['access', 'Access Control'],
    ]);
  });

  it('titles a section by its own title, else by its type', () => {
    expectAnswers(sectionTitle, [
      [{ type: 'configs', title: ' ' }, 'Configs'],
      [{ type: 'changes' }, 'Changes'],
      [{ type: 'view' }, 'View'],
      [{ type: 'view', title: 'Workloads' }, 'Workloads'],
    ]);
  });
});
