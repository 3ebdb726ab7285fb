import { screen, waitFor, within } from '@testing-library/react';
import type { TopologyComponent } from '../../../src/api/schemas/topology';
import { ComponentDetailsPanel } from '../../../src/features/topology/ComponentDetailsPanel';
import { formatDate } from '../../../src/lib/dates';
import { renderApp } from '../../support/renderApp';
import type { PanelData } from './details/fixtures';
import {
  CHECK_HEALTHY_ID,
  CHECK_UNHEALTHY_ID,
  CHECK_WARNING_ID,
  COMPONENT,
  COMPONENT_ID,
  DATABASE_ID,
  DEPLOYMENT_ID,
  EMPTY,
  FULL,
  INSIGHT_ID,
  OTHER_INSIGHT_ID,
  componentDetailsBackend,
} from './details/fixtures';

const ui = {
  panel: () => screen.getByRole('complementary', { name: 'Component details' }),
  /** A section by the start of its title (`Checks` matches `Checks (3)`). */
  section: (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}\\b`) }),
  sectionTitled: (title: string) => screen.findByRole('region', { name: title }),
  links: (section: HTMLElement) => within(section).queryAllByRole('link'),
};

function renderPanel(data: PanelData = FULL, component: TopologyComponent = COMPONENT) {
  const backend = componentDetailsBackend(data);
  const rendered = renderApp(<ComponentDetailsPanel component={component} />, {
    url: '/topology/' + component.id,
    userOptions: { delay: null },
  });
  return { ...rendered, backend };
}

/** Waits until every section has its answer (each title carries its count). */
async function allLoaded() {
  await ui.sectionTitled('Checks (3)');
  await ui.sectionTitled('Configs (2)');
  await ui.sectionTitled('Insights (75)');
  await ui.sectionTitled('Changes (25)');
  await ui.sectionTitled('Incidents (1)');
  await within(ui.section('Details')).findByText('Payments');
}

const medium = (date: string) => formatDate(date, { format: 'medium', timezone: 'browser' });

describe('component details panel', () => {
  it('asks each call exactly as the reference has it', async () => {
    const { backend } = renderPanel();
    await allLoaded();
    const only = (call: keyof typeof backend.requests) => {
      expect(backend.requests[call]).toHaveLength(1);
      return backend.requests[call][0]!;
    };
    const params = (call: keyof typeof backend.requests) => {
      const { url } = only(call);
      return [url.pathname, ...url.searchParams];
    };
    expect(params('checks')).toEqual([
      '/api/db/checks_by_component',
      ['component_id', `eq.${COMPONENT_ID}`],
    ]);
    expect(params('teams')).toEqual([
      '/api/db/team_components',
      ['component_id', `eq.${COMPONENT_ID}`],
      ['select', '*,team:teams(*, created_by(id,name,avatar))'],
    ]);
    expect(params('configs')).toEqual([
      '/api/db/config_component_relationships',
      ['component_id', `eq.${COMPONENT_ID}`],
      ['configs.order', 'name'],
      [
        'select',
        '*,configs!config_component_relationships_config_id_fkey(id, type, name, config_class, deleted_at)',
      ],
      ['deleted_at', 'is.null'],
    ]);
    expect(params('insights')).toEqual([
      '/api/db/analysis_by_component',
      ['component_id', `eq.${COMPONENT_ID}`],
      ['limit', '50'],
      ['offset', '0'],
      [
        'select',
        'analysis_id,config:configs(id,name,config_class,type,analysis:config_analysis(id,analyzer,analysis_type,message,severity,analysis,first_observed))',
      ],
    ]);
    expect(only('insights').prefer).toBe('count=exact');
    expect(params('changes')).toEqual([
      '/api/db/changes_by_component',
      ['component_id', `eq.${COMPONENT_ID}`],
      [
        'select',
        'id,type,config_id,name,change_type,config_class,created_at:configs(id, name, type, config_class)',
      ],
    ]);
    expect(params('incidents')).toEqual([
      '/api/db/incidents_by_component',
      ['order', 'created_at.desc'],
      ['component_id', `eq.${COMPONENT_ID}`],
    ]);
  });

  it('shows the sections in order, each titled with its count', async () => {
    renderPanel();
    await allLoaded();
    const titles = within(ui.panel())
      .getAllByRole('region')
      .map((region) => region.getAttribute('aria-labelledby'))
      .map((id) => document.getElementById(id!)?.textContent);
    expect(titles).toEqual([
      'Details',
      'Checks (3)',
      'Configs (2)',
      'Insights (75)',
      'Changes (25)',
      'Incidents (1)',
    ]);
  });

  it('shows the name, type, status with its reason and the description', async () => {
    renderPanel();
    const panel = ui.panel();
    expect(within(panel).getByRole('heading', { level: 2 })).toHaveTextContent('Checkout service');
    expect(within(panel).getByText('KubernetesService')).toBeInTheDocument();
    expect(within(panel).getByRole('img', { name: 'Unhealthy' })).toBeInTheDocument();
    expect(within(panel).getByText('2 of 3 pods are crash looping')).toBeInTheDocument();
    expect(within(panel).getByText('Takes payments for the shop')).toBeInTheDocument();
    await allLoaded();
  });

  it('lists the visible properties, labels, teams, owner, namespace, costs and dates', async () => {
    renderPanel();
    await allLoaded();
    const details = ui.section('Details');
    const field = (term: string) => within(details).getByText(term, { selector: 'dt' }).nextSibling;

    expect(field('Version')).toHaveTextContent('v2.4.1');
    expect(within(details).getByRole('progressbar', { name: '800 B / 1000 B' })).toHaveAttribute(
      'aria-valuenow',
      '80',
    );
    expect(within(details).queryByText('Secret hash')).not.toBeInTheDocument();
    expect(within(details).queryByText('d41d8cd98f00')).not.toBeInTheDocument();

    // All three labels at once: nothing to expand.
    expect(within(details).getByText('app: checkout')).toBeInTheDocument();
    expect(within(details).getByText('region: eu-west-1')).toBeInTheDocument();
    expect(within(details).getByText('tier: backend')).toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: /Show all/ })).not.toBeInTheDocument();

    expect(field('Teams')).toHaveTextContent('Payments (Owner)');
    expect(field('Owner')).toHaveTextContent('payments-oncall');
    expect(field('Namespace')).toHaveTextContent('shop');
    expect(field('External ID')).toHaveTextContent('shop/checkout');
    const cost = field('Cost') as HTMLElement;
    expect(
      within(cost)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Per minute $0.25', '1 day $360.00', '30 days $10,800']);
    expect(field('Created')).toHaveTextContent(medium(COMPONENT.created_at!));
    expect(field('Updated')).toHaveTextContent(medium(COMPONENT.updated_at!));
  });

  it('lists the checks unhealthy first, each opening its detail on the health page', async () => {
    const { user, currentUrl } = renderPanel();
    await allLoaded();
    const links = ui.links(ui.section('Checks'));
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/health?checkId=${CHECK_UNHEALTHY_ID}&timeRange=1h`,
      `/health?checkId=${CHECK_WARNING_ID}&timeRange=1h`,
      `/health?checkId=${CHECK_HEALTHY_ID}&timeRange=1h`,
    ]);
    expect(links[0]).toHaveAccessibleName('Unhealthy checkout-db');
    expect(within(links[0]!.parentElement!).getByText('postgres · High')).toBeInTheDocument();
    await user.click(links[0]!);
    expect(currentUrl()).toBe(`/health?checkId=${CHECK_UNHEALTHY_ID}&timeRange=1h`);
  });

  it('lists the linked configs by name, each a link to its catalog item', async () => {
    renderPanel();
    await allLoaded();
    const configs = ui.section('Configs');
    const links = ui.links(configs);
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['checkout-api', `/catalog/${DEPLOYMENT_ID}`],
      ['checkout-db', `/catalog/${DATABASE_ID}`],
    ]);
    expect(within(configs).getByText('AWS::RDS::DBInstance')).toBeInTheDocument();
  });

  it('lists the insights, each opening on its config item, and says when there are more', async () => {
    renderPanel();
    await allLoaded();
    const insights = ui.section('Insights');
    const link = within(insights).getByRole('link', { name: /Container has no memory limit/ });
    expect(link).toHaveAttribute(
      'href',
      `/catalog/${DEPLOYMENT_ID}/insights?insightId=${INSIGHT_ID}`,
    );
    expect(link).toHaveTextContent('Reliability');
    expect(link).toHaveTextContent('Medium');
    expect(link).toHaveTextContent('checkout-api');
    expect(within(insights).getByRole('link', { name: /openssl is vulnerable/ })).toHaveAttribute(
      'href',
      `/catalog/${DEPLOYMENT_ID}/insights?insightId=${OTHER_INSIGHT_ID}`,
    );
    expect(ui.links(insights)).toHaveLength(2);
    expect(within(insights).getByText('Showing 2 of 75')).toBeInTheDocument();
  });

  it('lists the first twenty changes, and all of them on "Show all"', async () => {
    const { user } = renderPanel();
    await allLoaded();
    const changes = ui.section('Changes');
    expect(within(changes).getAllByRole('listitem')).toHaveLength(20);
    expect(within(changes).getByText('Showing 20 of 25')).toBeInTheDocument();
    const first = within(changes).getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent('Change1');
    expect(within(first).getByRole('link', { name: 'checkout-api' })).toHaveAttribute(
      'href',
      `/catalog/${DEPLOYMENT_ID}`,
    );
    expect(within(changes).queryByText('Change21')).not.toBeInTheDocument();

    await user.click(within(changes).getByRole('button', { name: 'Show all' }));
    expect(within(changes).getAllByRole('listitem')).toHaveLength(25);
    expect(within(changes).getByText('Change25')).toBeInTheDocument();
    expect(within(changes).getByRole('button', { name: 'Show fewer' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('lists the incidents as plain text', async () => {
    renderPanel();
    await allLoaded();
    const incidents = ui.section('Incidents');
    const [item] = within(incidents).getAllByRole('listitem');
    expect(item).toHaveTextContent('Checkout returns 502');
    expect(item).toHaveTextContent(`High · Open · ${medium('2026-01-12T08:00:00Z')}`);
    expect(ui.links(incidents)).toHaveLength(0);
  });

  it("shows one section's error with the server's reason; Retry asks again", async () => {
    const backend = componentDetailsBackend(FULL);
    backend.fail('checks', 500, { message: 'relation "checks_by_component" does not exist' });
    const { user } = renderApp(<ComponentDetailsPanel component={COMPONENT} />, {
      userOptions: { delay: null },
    });
    const checks = await ui.sectionTitled('Checks');
    const alert = await within(checks).findByRole('alert');
    expect(alert).toHaveTextContent('The checks could not be loaded');
    expect(alert).toHaveTextContent('relation "checks_by_component" does not exist');

    // The other sections still show what they loaded.
    await ui.sectionTitled('Configs (2)');
    await ui.sectionTitled('Insights (75)');
    await ui.sectionTitled('Changes (25)');
    await ui.sectionTitled('Incidents (1)');
    expect(ui.links(ui.section('Configs'))).toHaveLength(2);

    const asked = backend.requests.checks.length;
    backend.recover('checks');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await ui.sectionTitled('Checks (3)');
    expect(backend.requests.checks.length).toBe(asked + 1);
    expect(within(ui.section('Checks')).queryByRole('alert')).not.toBeInTheDocument();
    expect(ui.links(ui.section('Checks'))).toHaveLength(3);
  });

  it("shows the teams' error inside the details, which keep their other fields", async () => {
    const backend = componentDetailsBackend(FULL);
    backend.fail('teams', 403, { message: 'not allowed to read team_components' });
    renderApp(<ComponentDetailsPanel component={COMPONENT} />, { userOptions: { delay: null } });
    const details = await ui.sectionTitled('Details');
    const alert = await within(details).findByRole('alert');
    expect(alert).toHaveTextContent('The teams could not be loaded');
    expect(alert).toHaveTextContent('not allowed to read team_components');
    expect(within(details).getByText('payments-oncall')).toBeInTheDocument();
  });

  it('says when a section has nothing, and leaves out empty details', async () => {
    const bare: TopologyComponent = { id: COMPONENT_ID, name: 'bare' };
    renderPanel(EMPTY, bare);
    for (const [title, text] of [
      ['Checks (0)', 'No checks'],
      ['Configs (0)', 'No configs'],
      ['Insights (0)', 'No insights'],
      ['Changes (0)', 'No changes'],
      ['Incidents (0)', 'No incidents'],
    ] as const) {
      const section = await ui.sectionTitled(title);
      expect(within(section).getByText(text)).toBeInTheDocument();
    }
    const panel = ui.panel();
    expect(within(panel).getByRole('heading', { level: 2 })).toHaveTextContent('bare');
    expect(within(panel).queryByText('Showing', { exact: false })).not.toBeInTheDocument();
    const details = ui.section('Details');
    await waitFor(() => expect(within(details).queryByRole('progressbar')).not.toBeInTheDocument());
    expect(within(details).queryByRole('term')).not.toBeInTheDocument();
  });

  it('collapses a section from its header with the keyboard; Tab reaches its links', async () => {
    const { user } = renderPanel();
    await allLoaded();
    const checks = ui.section('Checks');
    const toggle = within(checks).getByRole('button', { name: 'collapse section' });
    toggle.focus();
    await user.tab();
    expect(ui.links(checks)[0]).toHaveFocus();

    toggle.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(ui.links(checks)).toHaveLength(0));
    const reopen = within(checks).getByRole('button', { name: 'expand section' });
    reopen.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(ui.links(checks)).toHaveLength(3));
  });
});
