import { screen } from '@testing-library/react';
import type { ViewResult } from '../../../src/api/schemas/views';
import { DEFAULT_VIEW_ICON } from '../../../src/shell/Sidebar';
import { ViewSections } from '../../../src/widgets/view/ViewSections';
import { renderApp } from '../../support/renderApp';

/** A section that needs no request: a console table the view names without filters. */
const section = (title: string, icon?: string) => ({ title, ...(icon ? { icon } : {}), uiRef: {} });

function render(sections: NonNullable<ViewResult['sections']>) {
  const view: ViewResult = { namespace: 'mission-control', name: 'estate', sections };
  return renderApp(<ViewSections view={view} variables={{}} refresh={0} />);
}

/** The icon drawn before a section's title. */
async function iconOf(title: string) {
  const heading = await screen.findByRole('heading', { name: title });
  return heading.querySelector('.mc-view-section-name [data-icon]')?.getAttribute('data-icon');
}

describe('view section icons', () => {
  it("draws Mission Control's icon names with the console's config type icons", async () => {
    render([
      section('Clusters', 'kubernetes'),
      section('Accounts', 'aws'),
      section('Databases', 'postgres'),
      section('Pods', 'Kubernetes::Pod'),
      section('Deployments', 'Kubernetes::Deployment'),
    ]);
    expect(await iconOf('Clusters')).toBe('cube');
    expect(await iconOf('Accounts')).toBe('cloud');
    expect(await iconOf('Databases')).toBe('database');
    expect(await iconOf('Pods')).toBe('cube');
    expect(await iconOf('Deployments')).toBe('layers');
  });

  it("keeps Blueprint's own names, and draws the view icon for a name nobody knows", async () => {
    render([section('Changes', 'changes'), section('Mystery', 'no-such-icon'), section('Plain')]);
    expect(await iconOf('Changes')).toBe('changes');
    expect(await iconOf('Mystery')).toBe(DEFAULT_VIEW_ICON);
    expect(await iconOf('Plain')).toBeUndefined();
  });
});
