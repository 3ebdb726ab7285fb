import {
  dashboardRefOf,
  isDashboardView,
} from '../../../src/features/resources/model/dashboardView';

describe('the dashboard view of the views list', () => {
  it("is upstream's property, else issue 37's, else mission-control-dashboard", () => {
    expect(
      dashboardRefOf([
        { name: 'defaults.dashboard_view', value: 'ops/legacy' },
        { name: 'dashboard.default.view', value: ' ops/home ' },
      ]),
    ).toBe('ops/home');
    expect(
      dashboardRefOf([
        { name: 'dashboard.default.view', value: '  ' },
        { name: 'defaults.dashboard_view', value: 'ops/legacy' },
      ]),
    ).toBe('ops/legacy');
    expect(dashboardRefOf([{ name: 'health.disable', value: 'true' }])).toBe(
      'mission-control-dashboard',
    );
  });

  it('matches a view by namespace and name, or by name alone', () => {
    expect(isDashboardView('ops/home', { namespace: 'ops', name: 'home' })).toBe(true);
    expect(isDashboardView('ops/home', { namespace: 'dev', name: 'home' })).toBe(false);
    expect(isDashboardView('home', { namespace: 'dev', name: 'home' })).toBe(true);
    expect(isDashboardView('home', { namespace: null, name: 'other' })).toBe(false);
  });
});
