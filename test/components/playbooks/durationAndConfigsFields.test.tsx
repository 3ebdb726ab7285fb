/**
 * The run form's duration and configs parameters: a duration chosen from the list or typed (a
 * wrong one keeps what was typed, with its message), and several configs searched and picked
 * with the keyboard, removed with Backspace or a tag's button, sent as a selector of their ids.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { PlaybookParameter } from '../../../src/api/schemas/playbooks';
import { RunPlaybookDialog } from '../../../src/features/playbooks/run/RunPlaybookDialog';
import { renderApp } from '../../support/renderApp';
import { resourceSearch } from '../../support/resourceSearch';
import { PLAYBOOK_ID, playbooksBackend } from './playbooksBackend';

const ORDERS_DB = '018f4b8e-1111-7000-8000-0000000000a1';
const ORDERS_CACHE = '018f4b8e-1111-7000-8000-0000000000a2';
const PAYMENTS_DB = '018f4b8e-1111-7000-8000-0000000000a3';

const BAD_DURATION = 'Must be a duration such as 90s, 1h30m or 2d';

function renderForm(params: PlaybookParameter[]) {
  const backend = playbooksBackend({ params });
  const rendered = renderApp(
    <RunPlaybookDialog
      playbook={{ id: PLAYBOOK_ID, title: 'Compare', spec: {} }}
      onClose={() => undefined}
    />,
    { userOptions: { delay: null } },
  );
  return { ...rendered, backend };
}

const ui = {
  run: () => screen.getByRole('button', { name: 'Run' }),
  duration: (label: RegExp) => screen.findByLabelText(label, { selector: 'input' }),
  durations: (label: string) => screen.getByRole('combobox', { name: `${label} common durations` }),
  configs: () => screen.findByLabelText(/^Configs to compare/, { selector: 'input' }),
  /** The tags of the chosen configs, by their text. */
  tags: () =>
    Array.from(document.querySelectorAll('.mc-run-form .bp6-tag')).map((tag) => tag.textContent),
  tag: (name: string) => screen.getByText(name, { selector: '.bp6-tag *' }).closest('.bp6-tag'),
};

type User = ReturnType<typeof renderForm>['user'];

async function runAndRead(user: User, backend: ReturnType<typeof renderForm>['backend']) {
  await waitFor(() => expect(ui.run()).toBeEnabled());
  await user.click(ui.run());
  await waitFor(() => expect(backend.runBodies).toHaveLength(1));
  return backend.runBodies[0]!.params;
}

describe('duration parameter', () => {
  it('offers common durations, takes free text, and keeps a wrong one with its message', async () => {
    const { user, backend } = renderForm([
      {
        name: 'silence',
        label: 'Silence for',
        type: 'duration',
        required: true,
        default: '1h',
        description: 'How long repeat alerts stay quiet',
      },
    ]);
    const input = await ui.duration(/^Silence for/);
    expect(input).toHaveValue('1h');
    const list = ui.durations('Silence for');
    expect(list).toHaveValue('1h');
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Custom', '5m', '15m', '30m', '1h', '6h', '12h', '24h', '7d']);

    await user.selectOptions(list, '6h');
    expect(input).toHaveValue('6h');

    await user.clear(input);
    await user.type(input, '90 minutes');
    expect(await screen.findByText(BAD_DURATION)).toBeInTheDocument();
    expect(input).toHaveValue('90 minutes');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(list).toHaveValue('');
    expect(ui.run()).toBeDisabled();

    await user.clear(input);
    await user.type(input, '1h30m');
    await waitFor(() => expect(screen.queryByText(BAD_DURATION)).not.toBeInTheDocument());
    expect(screen.getByText('How long repeat alerts stay quiet')).toBeInTheDocument();
    expect(await runAndRead(user, backend)).toEqual({ silence: '1h30m' });
  });

  it('offers the spec’s own durations and holds typed ones within min and max', async () => {
    const { user } = renderForm([
      {
        name: 'window',
        label: 'Window',
        type: 'duration',
        properties: { min: '5m', max: '2d', options: ['15m', '1d'] },
      },
    ]);
    const input = await ui.duration(/^Window/);
    expect(
      within(ui.durations('Window'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Custom', '15m', '1d']);
    await user.type(input, '3d');
    expect(await screen.findByText('Must be at most 2d')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '60s');
    expect(await screen.findByText('Must be at least 5m')).toBeInTheDocument();
    expect(input).toHaveValue('60s');
  });
});

describe('configs parameter', () => {
  it('searches configs by name and picks several with the keyboard', async () => {
    const searches = resourceSearch({
      configs: [
        { id: ORDERS_DB, name: 'orders-db', type: 'AWS::RDS::DBInstance' },
        { id: ORDERS_CACHE, name: 'orders-cache', type: 'AWS::ElastiCache::Cluster' },
        { id: PAYMENTS_DB, name: 'payments-db', type: 'AWS::RDS::DBInstance' },
      ],
    });
    const { user, backend } = renderForm([
      {
        name: 'configs',
        label: 'Configs to compare',
        type: 'configs',
        required: true,
        properties: { filter: [{ types: ['AWS::RDS::DBInstance', 'AWS::ElastiCache::Cluster'] }] },
      },
    ]);
    const box = await ui.configs();
    expect(ui.run()).toBeDisabled();

    await user.type(box, 'orders');
    expect(await screen.findByRole('option', { name: /^orders-cache/ })).toBeInTheDocument();
    expect(searches).toContainEqual({
      configs: [
        {
          types: ['AWS::RDS::DBInstance', 'AWS::ElastiCache::Cluster'],
          search: 'orders',
          agent: 'all',
        },
      ],
    });
    // The first result is active: Enter takes it; ArrowDown then Enter the next one.
    expect(screen.getByRole('option', { name: /^orders-db/ })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(ui.tags()).toEqual(['orders-db']));
    await user.type(box, 'pay');
    await screen.findByRole('option', { name: /^payments-db/ });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(ui.tags()).toEqual(['orders-db', 'payments-db']));

    // Backspace in the empty box marks the last tag, a second one removes it.
    await user.keyboard('{Backspace}{Backspace}');
    await waitFor(() => expect(ui.tags()).toEqual(['orders-db']));

    await user.type(box, 'orders');
    await screen.findByRole('option', { name: /^orders-cache/ });
    await user.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(screen.getByText('orders-cache', { selector: '.bp6-active *' })).toBeInTheDocument(),
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(ui.tags()).toEqual(['orders-db', 'orders-cache']));

    // A tag's own button removes it.
    await user.click(within(ui.tag('orders-db') as HTMLElement).getByRole('button'));
    await waitFor(() => expect(ui.tags()).toEqual(['orders-cache']));

    expect(await runAndRead(user, backend)).toEqual({
      configs: JSON.stringify({ id: ORDERS_CACHE }),
    });
  });

  it('is required: removing every config shows the message and disables Run', async () => {
    resourceSearch({ configs: [{ id: ORDERS_DB, name: 'orders-db' }] });
    const { user } = renderForm([
      { name: 'configs', label: 'Configs to compare', type: 'configs', required: true },
    ]);
    const box = await ui.configs();
    await user.type(box, 'orders');
    await screen.findByRole('option', { name: /^orders-db/ });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(ui.run()).toBeEnabled());
    await user.keyboard('{Backspace}{Backspace}');
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(ui.run()).toBeDisabled();
  });
});
