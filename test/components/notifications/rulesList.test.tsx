import '../../support/withMonacoMock';
import { screen, waitFor, within } from '@testing-library/react';
import {
  CRD_RULE,
  PERSON_RULE,
  RULES_PAGES,
  SLACK_RULE,
  TEAM_RULE,
  ruleRows,
  rulesBackend,
} from './rulesBackend';
import { SLOW, findTable } from '../../support/tables';
import { renderPages } from '../../support/renderPages';

/** The rule's own Name field (channels have one too, after it). */
const nameField = (dialog: HTMLElement) =>
  within(dialog).getAllByRole('textbox', { name: 'Name (required)' })[0]!;

function renderRules(
  url = '/notifications/rules',
  roles?: string[],
  rows = ruleRows(),
  before?: (backend: ReturnType<typeof rulesBackend>) => void,
) {
  const backend = rulesBackend(rows);
  before?.(backend);
  const rendered = renderPages(RULES_PAGES, url, { roles });
  return { ...rendered, backend };
}

const ui = {
  table: () => findTable('Notification rules'),
  row: async (text: string) => {
    const table = await ui.table();
    const row = within(table).getByText(text).closest('tr');
    if (!row) throw new Error(`no row for ${text}`);
    return row;
  },
  dialog: () => screen.findByRole('dialog', { name: 'Edit notification rule' }, SLOW),
};

/** The last NOTIF-01 request's query, decoded. */
const lastList = (backend: ReturnType<typeof rulesBackend>) => {
  const read = backend.summary.reads.at(-1);
  if (!read) throw new Error('no NOTIF-01 request');
  return read.url.searchParams;
};

describe('/notifications/rules', () => {
  it('asks NOTIF-01 exactly and shows each column', async () => {
    const { backend } = renderRules();
    await ui.table();
    const params = lastList(backend);
    expect([...params]).toEqual([
      [
        'select',
        '*,person:person_id(id,name,avatar,email),team:team_id(id,name,icon),created_by(id,name,avatar,email)',
      ],
      ['order', 'created_at.desc'],
      ['limit', '50'],
      ['offset', '0'],
    ]);
    expect(backend.summary.reads[0]!.prefer).toMatch(/count=exact/);

    const slack = await ui.row('Failing checks');
    expect(slack).toHaveTextContent('default/checks-to-slack');
    // Three events shown, the fourth counted.
    expect(within(slack).getByText('check.failed')).toBeInTheDocument();
    expect(within(slack).getByText('config.unhealthy')).toBeInTheDocument();
    expect(within(slack).queryByText('config.warning')).toBeNull();
    expect(within(slack).getByText('+1')).toBeInTheDocument();
    // The channel types parsed from the custom services' URLs.
    expect(within(slack).getByText('Slack')).toBeInTheDocument();
    expect(within(slack).getByText('Email')).toBeInTheDocument();
    const filter = within(slack).getByText(/check.type == 'http'/);
    expect(filter.tagName).toBe('CODE');
    expect(filter).toHaveAttribute('title', ruleRows()[0]!.filter);
    const cells = within(slack)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // sent, failed (sent as text), pending, average duration, most common error
    expect(cells.slice(4, 9)).toEqual(['12', '3', '1', '1.5s', 'slack: channel_not_found']);
    // The job's status is a tag under the name; the console's own rules show no source.
    expect(within(slack).getAllByRole('cell')[0]).toHaveTextContent('FAILED');
    expect(within(slack).queryByText('UI')).toBeNull();

    expect(await ui.row('default/unhealthy-to-olga')).toHaveTextContent('Olga Oncall');
    expect(await ui.row('ops/incidents-to-sre')).toHaveTextContent('SRE');
    // The playbook recipient is named by PB-01.
    const playbook = await ui.row('default/restart-on-failure');
    expect(await within(playbook).findByText('Restart deployment', undefined, SLOW)).toBeVisible();
    expect(await ui.row('mission-control/crd-rule')).toHaveTextContent('KubernetesCRD');
  });

  it('shows the job errors in a tooltip of its status', async () => {
    const { user } = renderRules();
    const slack = await ui.row('Failing checks');
    await user.hover(within(slack).getByText('FAILED'));
    expect(await screen.findByText('dial tcp: timeout', undefined, SLOW)).toBeInTheDocument();
  });

  it('sorts and pages on the server, with both kept in the address', async () => {
    const more = [1, 2, 3].map((n) => ({
      ...ruleRows()[3]!,
      id: `018f4b8e-cccc-7000-8000-0000000001${n}0`,
      name: `more-${n}`,
    }));
    const { user, backend, currentUrl } = renderRules(
      '/notifications/rules?pageSize=5',
      undefined,
      [...ruleRows(), ...more],
    );
    const table = await ui.table();
    expect(lastList(backend).get('limit')).toBe('5');
    await user.click(within(table).getByRole('button', { name: /^Failed/ }));
    await waitFor(() => expect(currentUrl()).toMatch(/sortBy=failed/));
    await waitFor(() => expect(lastList(backend).getAll('order')).toEqual(['failed.asc']));
    await user.click(screen.getByRole('button', { name: /Next page/i }));
    await waitFor(() => expect(currentUrl()).toMatch(/pageIndex=1/));
    await waitFor(() => expect(lastList(backend).get('offset')).toBe('5'));
    expect(lastList(backend).getAll('order')).toEqual(['failed.asc']);
  });

  it('opens the rule named by ?id= in the address (NOTIF-02)', async () => {
    const { backend } = renderRules(`/notifications/rules?id=${SLACK_RULE}`);
    const dialog = await ui.dialog();
    await waitFor(() => expect(nameField(dialog)).toHaveValue('checks-to-slack'));
    expect(backend.rules.reads[0]!.url.searchParams.get('id')).toBe(`eq.${SLACK_RULE}`);
    expect(within(dialog).getAllByRole('textbox', { name: /^Namespace/ })[0]).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: /^Wait for(?! eval)/ })).toHaveValue('5m');
    expect(within(dialog).getByRole('textbox', { name: /Repeat interval/ })).toHaveValue('4h');
    // The saved channels open with their fields filled from the URLs.
    const slack = within(dialog).getByRole('group', { name: 'Channel 1' });
    expect(within(slack).getByRole('button', { name: 'Channel 1 type' })).toHaveTextContent(
      'Slack',
    );
    expect(within(slack).getByRole('textbox', { name: /^Channel/ })).toHaveValue('C0123');
    const mail = within(dialog).getByRole('group', { name: 'Channel 2' });
    expect(within(mail).getByRole('textbox', { name: /SMTP Host/ })).toHaveValue(
      'smtp.example.com',
    );
    expect(within(mail).getByRole('textbox', { name: /^To/ })).toHaveValue('ops@example.com');
  });

  it('opens a rule from its row, and closing leaves the address as it was', async () => {
    const { user, currentUrl } = renderRules();
    await user.click(await ui.row('default/unhealthy-to-olga'));
    const dialog = await ui.dialog();
    expect(currentUrl()).toBe(`/notifications/rules?id=${PERSON_RULE}`);
    expect(await within(dialog).findByRole('radio', { name: 'Person' }, SLOW)).toBeChecked();
    expect(await within(dialog).findByDisplayValue(/Olga Oncall/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(currentUrl()).toBe('/notifications/rules'));
  });

  it('shows the server reason with a Retry when the list fails', async () => {
    const { user } = renderRules('/notifications/rules', undefined, ruleRows(), (backend) =>
      backend.summary.fail('GET', 500, { message: 'relation is busy' }, { times: 1 }),
    );
    expect(await screen.findByText('relation is busy', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Error loading notification rules')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await ui.row('Failing checks')).toBeInTheDocument();
  });

  it('offers a viewer neither New rule nor Delete, and opens rules read-only', async () => {
    const { user } = renderRules('/notifications/rules', ['viewer']);
    await user.click(await ui.row('ops/incidents-to-sre'));
    const dialog = await ui.dialog();
    await waitFor(() => expect(nameField(dialog)).toHaveValue('incidents-to-sre'));
    expect(screen.queryByRole('button', { name: 'New rule' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Update' })).toBeNull();
    expect(nameField(dialog)).toBeDisabled();
  });

  it('opens a CRD rule read-only, saying who manages it', async () => {
    renderRules(`/notifications/rules?id=${CRD_RULE}`);
    const dialog = await ui.dialog();
    expect(
      await within(dialog).findByText('Managed by KubernetesCRD: read-only', undefined, SLOW),
    ).toBeInTheDocument();
    expect(nameField(dialog)).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Update' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(TEAM_RULE).not.toBe(CRD_RULE);
  });
});
