import { statusLabel, statusTone } from '../../../src/features/playbooks/model/runStatus';
import type { PlaybookRun } from '../../../src/api/schemas/playbooks';
import {
  DEFAULT_PLAYBOOK_ICON,
  UNCATEGORIZED,
  buildEntries,
  groupByCategory,
  matchesSearch,
  playbookIcon,
  recentRunsByPlaybook,
} from '../../../src/features/playbooks/list/model/playbookList';
import { expectAnswers } from '../../support/answers';

describe('playbook list model', () => {
  it('fills title, category, icon, description and resource kinds from the spec', () => {
    const [entry, bare] = buildEntries(
      [
        { id: 'a', name: 'restart', title: '', icon: '', category: '' },
        { id: 'b', name: '', title: null, icon: 'bogus', category: null },
      ],
      [
        {
          id: 'a',
          title: 'Restart',
          spec: {
            description: 'Rolls pods',
            category: 'Kubernetes',
            icon: 'refresh',
            configs: [{}],
            checks: [{}],
          },
        },
      ],
    );
    expect(entry).toMatchObject({
      title: 'Restart',
      category: 'Kubernetes',
      icon: 'refresh',
      description: 'Rolls pods',
      kinds: ['config', 'check'],
    });
    expect(bare).toMatchObject({ title: 'b', name: 'b', category: UNCATEGORIZED, kinds: [] });
    expect(bare!.icon).toBe(DEFAULT_PLAYBOOK_ICON);
    expect(bare).not.toHaveProperty('description');
  });

  it('keeps Blueprint icons and replaces others with play', () => {
    expect(playbookIcon('trash')).toBe('trash');
    expect(playbookIcon('k8s-deployment')).toBe('play');
    expect(playbookIcon(undefined)).toBe('play');
  });

  it('groups by category by name, Uncategorized last, titles in order', () => {
    const entries = buildEntries([
      { id: '1', name: 'z', title: 'Zeta', category: '' },
      { id: '2', name: 'b', title: 'beta', category: 'security' },
      { id: '3', name: 'a', title: 'Alpha', category: 'Security' },
      { id: '4', name: 'c', title: 'Gamma', category: 'Kubernetes' },
      { id: '5', name: 'd', title: 'alpha 2', category: 'Kubernetes' },
    ]);
    expect(
      groupByCategory(entries).map((g) => [g.category, g.playbooks.map((p) => p.title)]),
    ).toEqual([
      ['Kubernetes', ['alpha 2', 'Gamma']],
      ['security', ['beta']],
      ['Security', ['Alpha']],
      [UNCATEGORIZED, ['Zeta']],
    ]);
  });

  it('matches the search in the title or the name, any case', () => {
    const [entry] = buildEntries([{ id: '1', name: 'rotate-creds', title: 'Rotate Secrets' }]);
    expect(matchesSearch(entry!, '')).toBe(true);
    expect(matchesSearch(entry!, 'SECRETS')).toBe(true);
    expect(matchesSearch(entry!, ' creds ')).toBe(true);
    expect(matchesSearch(entry!, 'restart')).toBe(false);
  });

  it('keeps the newest runs of each playbook up to the limit', () => {
    const run = (id: string, playbook: string, at: string): PlaybookRun => ({
      id,
      playbook_id: playbook,
      created_at: at,
    });
    const byPlaybook = recentRunsByPlaybook(
      [
        run('1', 'a', '2026-01-01T00:00:00Z'),
        run('2', 'a', '2026-01-03T00:00:00Z'),
        run('3', 'b', '2026-01-02T00:00:00Z'),
        run('4', 'a', '2026-01-02T00:00:00Z'),
        { id: '5' },
      ],
      2,
    );
    expect(byPlaybook.get('a')?.map((r) => r.id)).toEqual(['2', '4']);
    expect(byPlaybook.get('b')?.map((r) => r.id)).toEqual(['3']);
    expect(byPlaybook.size).toBe(2);
  });

  it('colours and names run statuses', () => {
    expectAnswers(statusTone, [
      ['completed', 'success'],
      ['timed_out', 'danger'],
      ['pending_approval', 'warning'],
      ['running', 'primary'],
      ['whatever', 'none'],
    ]);
    expect(statusLabel('pending_approval')).toBe('Pending approval');
    expect(statusLabel(null)).toBe('Unknown');
  });
});
