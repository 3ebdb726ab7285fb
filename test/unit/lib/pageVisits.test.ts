import { pageVisitKey, routePattern } from '../../../src/lib/pageVisits';
import { expectAnswers } from '../../support/answers';

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
    expectAnswers(pageVisitKey, [
      ['/health', 'health.view'],
      ['/catalog', 'catalog.view'],
      ['/catalog/:id', 'catalog.view-item'],
      ['/playbooks', 'playbooks.view'],
      ['/playbooks/runs/:id', 'playbooks.view-run'],
      ['/views/:id', 'views.open'],
      ['/view/:namespace/:name', 'views.open'],
    ]);
  });

  it('names every other page by its route pattern', () => {
    expectAnswers(pageVisitKey, [
      ['/settings/plugins', 'page:/settings/plugins'],
      ['/catalog/changes', 'page:/catalog/changes'],
      ['/catalog/scrapers/:id', 'page:/catalog/scrapers/:id'],
      ['/settings/views', 'page:/settings/views'],
      ['/playbooks/runs', 'page:/playbooks/runs'],
    ]);
  });
});
