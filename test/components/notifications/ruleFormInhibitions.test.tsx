import '../../support/withMonacoMock';
import { Classes } from '@blueprintjs/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { RuleBody, RuleInhibitionBody } from '../../../src/api/endpoints/notificationRules';
import type { RuleSummary } from '../../../src/api/schemas/notificationRules';
import { RULE_FORM_MESSAGES } from '../../../src/features/notifications/rules/model/ruleForm';
import { valuesTable } from '../../support/postgrestTable';
import { renderPages } from '../../support/renderPages';
import { CRD_RULE, RULES_PAGES, ruleRows, rulesBackend } from './rulesBackend';

const SLOW = { timeout: 10_000 };
const INHIBITED_RULE = '018f4b8e-cccc-7000-8000-000000000006';

type User = ReturnType<typeof renderPages>['user'];

const NODE_TO_POD: RuleInhibitionBody = {
  direction: 'outgoing',
  from: 'Kubernetes::Node',
  to: ['Kubernetes::Pod'],
  soft: true,
};
const POD_TO_OWNERS: RuleInhibitionBody = {
  direction: 'incoming',
  from: 'Kubernetes::Pod',
  to: ['Kubernetes::Deployment', 'Kubernetes::ReplicaSet'],
  depth: 2,
};

/** The five rules of `ruleRows`, the CRD one with an inhibition, and one of a playbook with two. */
function rows(): RuleSummary[] {
  return [
    ...ruleRows().map((row) =>
      row.id === CRD_RULE
        ? { ...row, inhibitions: [{ ...NODE_TO_POD, to: [...NODE_TO_POD.to] }] }
        : row,
    ),
    {
      id: INHIBITED_RULE,
      name: 'nodes-before-pods',
      namespace: 'default',
      events: ['config.unhealthy'],
      source: 'UI',
      playbook_id: 'pb-1',
      repeat_interval: '1h',
      inhibitions: [
        { ...NODE_TO_POD, to: [...NODE_TO_POD.to] },
        { ...POD_TO_OWNERS, to: [...POD_TO_OWNERS.to] },
      ],
      created_at: '2026-11-15T10:00:00Z',
    },
  ];
}

function renderForm(url = '/notifications/rules?new=1') {
  const backend = rulesBackend(rows());
  valuesTable('config_types', 'type', ['Kubernetes::Node', 'Kubernetes::Pod']);
  return { ...renderPages(RULES_PAGES, url), backend };
}

const ui = {
  newDialog: () => screen.findByRole('dialog', { name: 'New notification rule' }, SLOW),
  editDialog: () => screen.findByRole('dialog', { name: 'Edit notification rule' }, SLOW),
  inhibition: (dialog: HTMLElement, n: number) =>
    within(dialog).getByRole('group', { name: `Inhibition ${n}` }),
  inhibitions: (dialog: HTMLElement) =>
    within(dialog).queryAllByRole('group', { name: /^Inhibition \d+$/ }),
  from: (row: HTMLElement) => within(row).getByLabelText('From (required)'),
  to: (row: HTMLElement) => within(row).getByLabelText('To (required)'),
  direction: (row: HTMLElement) => within(row).getByLabelText('Direction'),
  depth: (row: HTMLElement) => within(row).getByLabelText('Depth'),
  soft: (row: HTMLElement) => within(row).getByLabelText('Soft relationships'),
};

/** A new rule's name, event and playbook recipient. */
async function fillRule(user: User, dialog: HTMLElement, name: string) {
  await user.type(within(dialog).getAllByLabelText('Name (required)')[0]!, name);
  await user.click(within(dialog).getByLabelText('Events (required)'));
  const option = await screen.findByRole('option', { name: 'config.unhealthy' }, SLOW);
  await user.click(within(option).getByText('config.unhealthy'));
  await user.click(within(dialog).getByRole('radio', { name: 'Playbook' }));
  await within(dialog).findByRole('option', { name: 'Restart deployment' }, SLOW);
  await user.selectOptions(within(dialog).getByLabelText('Playbook (required)'), 'pb-1');
}

/** Adds an inhibition with the keyboard and returns its row. */
async function addInhibition(user: User, dialog: HTMLElement) {
  const count = ui.inhibitions(dialog).length;
  act(() => within(dialog).getByRole('button', { name: 'Add inhibition' }).focus());
  await user.keyboard('{Enter}');
  return ui.inhibition(dialog, count + 1);
}

/** The tags shown in a row's To box. */
const tagsOf = (row: HTMLElement) =>
  Array.from(row.querySelectorAll(`.${Classes.TAG}`)).map((tag) => tag.textContent);

const posted = (backend: ReturnType<typeof rulesBackend>) =>
  backend.rules.writes.filter((write) => write.method === 'POST');
const patched = (backend: ReturnType<typeof rulesBackend>) =>
  backend.rules.writes.filter((write) => write.method === 'PATCH');

describe('the inhibitions of the rule form', () => {
  it('creates a rule with the inhibitions typed, exactly as typed (NOTIF-03)', async () => {
    const { user, backend } = renderForm();
    const dialog = await ui.newDialog();
    await fillRule(user, dialog, 'owners-before-pods');
    expect(ui.inhibitions(dialog)).toHaveLength(0);

    const first = await addInhibition(user, dialog);
    expect(ui.direction(first)).toHaveValue('outgoing');
    await user.selectOptions(ui.direction(first), 'Incoming');
    await user.type(ui.from(first), 'Kubernetes::Pod');
    // Enter adds a type to To and does not submit the form.
    await user.type(ui.to(first), 'Kubernetes::Deployment{Enter}Kubernetes::ReplicaSet{Enter}');
    await user.type(ui.depth(first), '2');
    expect(tagsOf(first)).toEqual(['Kubernetes::Deployment', 'Kubernetes::ReplicaSet']);

    const second = await addInhibition(user, dialog);
    await user.type(ui.from(second), 'Kubernetes::Node');
    await user.type(ui.to(second), 'Kubernetes::Pod{Enter}');
    await user.click(ui.soft(second));
    expect(posted(backend)).toHaveLength(0);

    // The estate's config types are suggested for From and To.
    const listId = ui.from(second).getAttribute('list');
    expect(listId).toBeTruthy();
    expect(ui.to(second)).toHaveAttribute('list', listId);
    await waitFor(() =>
      expect(
        Array.from(document.getElementById(listId!)!.querySelectorAll('option')).map(
          (option) => option.value,
        ),
      ).toEqual(['Kubernetes::Node', 'Kubernetes::Pod']),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted(backend)).toHaveLength(1));
    const body = posted(backend)[0]!.body as RuleBody;
    expect(body.inhibitions).toEqual([POD_TO_OWNERS, NODE_TO_POD]);
    expect(body.playbook_id).toBe('pb-1');
  });

  it('shows the saved inhibitions and, one removed, updates with the rest (NOTIF-04)', async () => {
    const { user, backend } = renderForm(`/notifications/rules?id=${INHIBITED_RULE}`);
    const dialog = await ui.editDialog();
    await waitFor(() => expect(ui.inhibitions(dialog)).toHaveLength(2), SLOW);
    const [first, second] = [ui.inhibition(dialog, 1), ui.inhibition(dialog, 2)];
    expect(ui.direction(first)).toHaveValue('outgoing');
    expect(ui.from(first)).toHaveValue('Kubernetes::Node');
    expect(tagsOf(first)).toEqual(['Kubernetes::Pod']);
    expect(ui.depth(first)).toHaveValue('');
    expect(ui.soft(first)).toBeChecked();
    expect(ui.direction(second)).toHaveValue('incoming');
    expect(ui.from(second)).toHaveValue('Kubernetes::Pod');
    expect(tagsOf(second)).toEqual(['Kubernetes::Deployment', 'Kubernetes::ReplicaSet']);
    expect(ui.depth(second)).toHaveValue('2');
    expect(ui.soft(second)).not.toBeChecked();

    await user.click(within(first).getByRole('button', { name: 'Remove inhibition 1' }));
    await waitFor(() => expect(ui.inhibitions(dialog)).toHaveLength(1));
    expect(ui.from(ui.inhibition(dialog, 1))).toHaveValue('Kubernetes::Pod');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(patched(backend)).toHaveLength(1));
    const write = patched(backend)[0]!;
    expect(write.filters).toEqual({ id: `eq.${INHIBITED_RULE}` });
    expect((write.body as RuleBody).inhibitions).toEqual([POD_TO_OWNERS]);
  });

  it('updates with null when none remain; a row added after a removal starts empty', async () => {
    const { user, backend } = renderForm(`/notifications/rules?id=${INHIBITED_RULE}`);
    const dialog = await ui.editDialog();
    await waitFor(() => expect(ui.inhibitions(dialog)).toHaveLength(2), SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Remove inhibition 2' }));
    const added = await addInhibition(user, dialog);
    expect(ui.from(added)).toHaveValue('');
    expect(tagsOf(added)).toEqual([]);
    expect(ui.depth(added)).toHaveValue('');
    expect(ui.direction(added)).toHaveValue('outgoing');
    await user.click(within(dialog).getByRole('button', { name: 'Remove inhibition 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove inhibition 1' }));
    expect(ui.inhibitions(dialog)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(patched(backend)).toHaveLength(1));
    expect(patched(backend)[0]!.body).toMatchObject({ inhibitions: null, playbook_id: 'pb-1' });
  });

  it('asks for From, To and a depth of 1 or more, sends nothing meanwhile and keeps what was typed', async () => {
    const { user, backend } = renderForm();
    const dialog = await ui.newDialog();
    await fillRule(user, dialog, 'half-typed');
    const row = await addInhibition(user, dialog);
    await user.type(ui.depth(row), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(row).findByText(RULE_FORM_MESSAGES.inhibitionFrom, undefined, SLOW),
    ).toBeInTheDocument();
    expect(within(row).getByText(RULE_FORM_MESSAGES.inhibitionTo)).toBeInTheDocument();
    expect(within(row).getByText(RULE_FORM_MESSAGES.inhibitionDepth)).toBeInTheDocument();
    expect(posted(backend)).toHaveLength(0);

    await user.type(ui.from(row), 'Kubernetes::Node');
    await user.type(ui.to(row), 'Kubernetes::Pod{Enter}');
    await waitFor(() =>
      expect(within(row).queryByText(RULE_FORM_MESSAGES.inhibitionFrom)).toBeNull(),
    );
    expect(within(row).queryByText(RULE_FORM_MESSAGES.inhibitionTo)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(row).getByText(RULE_FORM_MESSAGES.inhibitionDepth)).toBeInTheDocument();
    expect(ui.depth(row)).toHaveValue('0');
    expect(ui.from(row)).toHaveValue('Kubernetes::Node');
    expect(tagsOf(row)).toEqual(['Kubernetes::Pod']);
    expect(posted(backend)).toHaveLength(0);

    await user.clear(ui.depth(row));
    await user.type(ui.depth(row), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted(backend)).toHaveLength(1));
    expect((posted(backend)[0]!.body as RuleBody).inhibitions).toEqual([
      { direction: 'outgoing', from: 'Kubernetes::Node', to: ['Kubernetes::Pod'], depth: 3 },
    ]);
  });

  it('shows the inhibitions of a read-only rule disabled', async () => {
    const { backend } = renderForm(`/notifications/rules?id=${CRD_RULE}`);
    const dialog = await ui.editDialog();
    await waitFor(() => expect(ui.inhibitions(dialog)).toHaveLength(1), SLOW);
    const row = ui.inhibition(dialog, 1);
    expect(ui.from(row)).toHaveValue('Kubernetes::Node');
    expect(ui.from(row)).toBeDisabled();
    expect(ui.to(row)).toBeDisabled();
    expect(ui.direction(row)).toBeDisabled();
    expect(ui.depth(row)).toBeDisabled();
    expect(ui.soft(row)).toBeDisabled();
    expect(within(row).getByRole('button', { name: 'Remove inhibition 1' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Add inhibition' })).toBeDisabled();
    expect(backend.rules.writes).toHaveLength(0);
  });
});
