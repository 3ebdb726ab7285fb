import { pageVisitKey, routePattern } from '../../../src/lib/pageVisits';

describe('routePattern', () => {
  it.each([
    ['/settings/plugins', {}, '/settings/plugins'],
    ['/incidents/42', { id: '42' }, '/incidents/:id'],
    [
      '/applications/prod/billing',
      { namespace: 'prod', name: 'billing' },
      '/applications/:namespace/:name',
    ],
    ['/catalog/abc/changes', { id: 'abc', '*': 'changes' }, '/catalog/:id'],
    ['/catalog/abc', { id: 'abc', '*': '' }, '/catalog/:id'],
    ['/view/team%20a', { name: 'team a' }, '/view/:name'],
    ['/health/', {}, '/health'],
    ['/', {}, '/'],
  ])('%s with %j is %s', (pathname, params, pattern) => {
    expect(routePattern(pathname, params)).toBe(pattern);
  });
});

describe('pageVisitKey', () => {
  it("keeps the original console's checklist keys for the pages it counts", () => {
    expect(pageVisitKey('/health')).toBe('health.view');
    expect(pageVisitKey('/catalog')).toBe('catalog.view');
    expect(pageVisitKey('/catalog/:id')).toBe('catalog.view-item');
    expect(pageVisitKey('/playbooks')).toBe('playbooks.view');
    expect(pageVisitKey('/playbooks/runs/:id')).toBe('playbooks.view-run');
    expect(pageVisitKey('/views/:id')).toBe('views.open');
    expect(pageVisitKey('/view/:namespace/:name')).toBe('views.open');
  });

  it('names every other page by its route pattern', () => {
    expect(pageVisitKey('/settings/plugins')).toBe('page:/settings/plugins');
    expect(pageVisitKey('/catalog/changes')).toBe('page:/catalog/changes');
    expect(pageVisitKey('/catalog/scrapers/:id')).toBe('page:/catalog/scrapers/:id');
    expect(pageVisitKey('/settings/views')).toBe('page:/settings/views');
    expect(pageVisitKey('/playbooks/runs')).toBe('page:/playbooks/runs');
  });
});
