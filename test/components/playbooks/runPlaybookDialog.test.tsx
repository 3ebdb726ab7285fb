import '../../support/withMonacoMock';
import { screen, waitFor, within } from '@testing-library/react';
import { RUN_PLAYBOOK_MESSAGES } from '../../../machines/playbooks/runPlaybook';
import type { PlaybookParameter } from '../../../src/api/schemas/playbooks';
import type { RunPlaybookDialogProps } from '../../../src/features/playbooks/run/RunPlaybookDialog';
import { RunPlaybookDialog } from '../../../src/features/playbooks/run/RunPlaybookDialog';
import { renderApp } from '../../support/renderApp';
import { resourceSearch } from '../../support/resourceSearch';
import type { PlaybooksBackendOptions } from './playbooksBackend';
import { CONFIG_ID, PLAYBOOK_ID, RUN_ID, playbooksBackend } from './playbooksBackend';

const COMPONENT_ID = '018f4b8e-3333-7000-8000-000000000001';

const REPLICAS: PlaybookParameter = {
  name: 'replicas',
  label: 'Replicas',
  type: 'number',
  required: true,
  default: 2,
  description: 'How many pods to run',
  properties: { min: 1, max: 10 },
};
const REASON: PlaybookParameter = { name: 'reason', label: 'Reason', required: true };

/** A playbook that runs on configs and components. */
const PLAYBOOK: RunPlaybookDialogProps['playbook'] = {
  id: PLAYBOOK_ID,
  name: 'scale',
  title: 'Scale deployment',
  spec: { configs: [{ types: ['Kubernetes::Deployment'] }], components: [{ name: '*' }] },
};

function renderDialog(
  options: PlaybooksBackendOptions,
  props: Partial<RunPlaybookDialogProps> = {},
) {
  const backend = playbooksBackend(options);
  const searches = resourceSearch({
    configs: [{ id: CONFIG_ID, name: 'checkout-api', type: 'Kubernetes::Deployment' }],
    components: [{ id: COMPONENT_ID, name: 'checkout' }],
  });
  const onClose = jest.fn();
  const rendered = renderApp(
    <RunPlaybookDialog playbook={PLAYBOOK} onClose={onClose} {...props} />,
    { url: '/catalog', userOptions: { delay: null } },
  );
  return { ...rendered, backend, searches, onClose };
}

const runButton = () => screen.getByRole('button', { name: 'Run' });

async function pick(user: ReturnType<typeof renderDialog>['user'], text: string, name: string) {
  const input = screen.getByRole('combobox', { name: /^Resource(?! type)/ });
  await user.click(input);
  await user.type(input, text);
  const option = await screen.findByRole('option', { name: new RegExp(`^${name}`) });
  await user.click(within(option).getByText(name));
}

describe('RunPlaybookDialog', () => {
  it('asks for a resource, loads its parameters with defaults, runs and opens the run', async () => {
    const { user, backend, searches, currentUrl, onClose } = renderDialog({
      params: [REPLICAS, REASON],
    });
    expect(screen.getByRole('heading', { name: 'Run Scale deployment' })).toBeInTheDocument();
    expect(screen.getByText(RUN_PLAYBOOK_MESSAGES.chooseResource)).toBeInTheDocument();
    expect(runButton()).toBeDisabled();
    expect(backend.paramsBodies).toEqual([]);

    await pick(user, 'checkout', 'checkout-api');
    expect(searches[0]).toEqual({ configs: [{ search: 'checkout', agent: 'all' }] });
    const replicas = await screen.findByLabelText(/Replicas/);
    expect(replicas).toHaveValue('2');
    expect(screen.getByText('How many pods to run')).toBeInTheDocument();
    expect(screen.queryByText(RUN_PLAYBOOK_MESSAGES.chooseResource)).not.toBeInTheDocument();
    expect(backend.paramsUrls).toEqual([`/api/playbook/${PLAYBOOK_ID}/params`]);
    expect(backend.paramsBodies).toEqual([{ id: PLAYBOOK_ID, config_id: CONFIG_ID }]);

    // Reason is required and empty: Run stays disabled until it is filled.
    expect(runButton()).toBeDisabled();
    await user.type(screen.getByLabelText(/Reason/), 'peak traffic');
    await waitFor(() => expect(runButton()).toBeEnabled());
    await user.click(runButton());

    await waitFor(() => expect(currentUrl()).toBe(`/playbooks/runs/${RUN_ID}`));
    expect(onClose).toHaveBeenCalled();
    expect(backend.runBodies).toEqual([
      {
        id: PLAYBOOK_ID,
        config_id: CONFIG_ID,
        params: { replicas: '2', reason: 'peak traffic' },
      },
    ]);
  });

  it('runs on a component when the resource type is switched', async () => {
    const { user, backend } = renderDialog({ params: [] });
    await user.selectOptions(screen.getByLabelText('Resource type'), 'component');
    await pick(user, 'check', 'checkout');
    expect(await screen.findByText('This playbook has no parameters.')).toBeInTheDocument();
    expect(backend.paramsBodies).toEqual([{ id: PLAYBOOK_ID, component_id: COMPONENT_ID }]);
    await waitFor(() => expect(runButton()).toBeEnabled());
    await user.click(runButton());
    await waitFor(() => expect(backend.runBodies).toHaveLength(1));
    expect(backend.runBodies[0]).toEqual({
      id: PLAYBOOK_ID,
      component_id: COMPONENT_ID,
      params: {},
    });
  });

  it('uses a preset resource without asking for one', async () => {
    const { backend } = renderDialog(
      { params: [REPLICAS] },
      { resource: { config_id: CONFIG_ID } },
    );
    expect(await screen.findByLabelText(/Replicas/)).toHaveValue('2');
    expect(screen.queryByRole('combobox', { name: /^Resource(?! type)/ })).not.toBeInTheDocument();
    expect(backend.paramsBodies).toEqual([{ id: PLAYBOOK_ID, config_id: CONFIG_ID }]);
  });

  it('loads the parameters at once for a playbook that runs on nothing', async () => {
    const { backend } = renderDialog(
      { params: [REASON] },
      { playbook: { id: PLAYBOOK_ID, name: 'cleanup', spec: {} } },
    );
    expect(screen.getByRole('heading', { name: 'Run cleanup' })).toBeInTheDocument();
    expect(await screen.findByLabelText(/Reason/)).toBeInTheDocument();
    expect(backend.paramsBodies).toEqual([{ id: PLAYBOOK_ID }]);
  });

  it('shows the permission message instead of a form on 403', async () => {
    renderDialog(
      { paramsAnswers: [{ status: 403, body: { error: 'forbidden' } }] },
      { resource: { check_id: 'chk-1' } },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(RUN_PLAYBOOK_MESSAGES.forbidden);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(runButton()).toBeDisabled();
  });

  it("shows the server's reason when the parameters fail, and retries", async () => {
    const { user, backend } = renderDialog(
      {
        paramsAnswers: [
          { status: 500, body: { error: 'template failed to render' } },
          { status: 200, body: { params: [REASON] } },
        ],
      },
      { resource: { config_id: CONFIG_ID } },
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('template failed to render');
    expect(runButton()).toBeDisabled();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText(/Reason/)).toBeInTheDocument();
    expect(backend.paramsBodies).toHaveLength(2);
  });

  it('keeps the values and shows the reason when the run fails, and runs again', async () => {
    const { user, backend, currentUrl, onClose } = renderDialog(
      {
        params: [REASON],
        runAnswers: [
          { status: 500, body: { error: 'agent is offline' } },
          { status: 201, body: { run_id: RUN_ID } },
        ],
      },
      { resource: { config_id: CONFIG_ID } },
    );
    await user.type(await screen.findByLabelText(/Reason/), 'retry later');
    await user.click(runButton());
    const alert = await screen.findByText('agent is offline', { selector: '.mc-run-failure' });
    expect(alert).toBeInTheDocument();
    expect(screen.getByLabelText(/Reason/)).toHaveValue('retry later');
    expect(onClose).not.toHaveBeenCalled();
    expect(currentUrl()).toBe('/catalog');
    // The endpoint also toasts the server's words.
    expect(
      await screen.findByText('agent is offline', { selector: '.bp6-toast *' }),
    ).toBeInTheDocument();

    await user.click(runButton());
    await waitFor(() => expect(currentUrl()).toBe(`/playbooks/runs/${RUN_ID}`));
    expect(backend.runBodies).toEqual([
      { id: PLAYBOOK_ID, config_id: CONFIG_ID, params: { reason: 'retry later' } },
      { id: PLAYBOOK_ID, config_id: CONFIG_ID, params: { reason: 'retry later' } },
    ]);
  });

  it('keeps Run disabled while a value is invalid and shows its message once touched', async () => {
    const { user } = renderDialog({ params: [REPLICAS] }, { resource: { config_id: CONFIG_ID } });
    const replicas = await screen.findByLabelText(/Replicas/);
    await waitFor(() => expect(runButton()).toBeEnabled());
    await user.clear(replicas);
    await user.type(replicas, '50');
    expect(await screen.findByText('Must be at most 10')).toBeInTheDocument();
    expect(replicas).toHaveAttribute('aria-invalid', 'true');
    expect(runButton()).toBeDisabled();
    await user.clear(replicas);
    await user.type(replicas, '3');
    await waitFor(() => expect(runButton()).toBeEnabled());
    expect(screen.queryByText('Must be at most 10')).not.toBeInTheDocument();
  });

  it('shows every message when Enter submits an invalid form', async () => {
    const { user, backend } = renderDialog(
      { params: [REASON, { name: 'ticket', label: 'Ticket', required: true }] },
      { resource: { config_id: CONFIG_ID } },
    );
    await user.type(await screen.findByLabelText(/Reason/), '{Enter}');
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(backend.runBodies).toEqual([]);
  });

  it('closes on Cancel', async () => {
    const { user, onClose } = renderDialog({ params: [] });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});
