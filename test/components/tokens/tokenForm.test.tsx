import { screen, waitFor, within } from '@testing-library/react';
import { CreateTokenDialog } from '../../../src/features/tokens/CreateTokenDialog';
import { renderApp } from '../../support/renderApp';
import type { TokenBackend } from './tokenBackend';
import { tokenBackend } from './tokenBackend';

const ui = {
  dialog: () => screen.getByRole('dialog', { name: 'Create new token' }),
  name: () => screen.getByLabelText(/^Name/),
  expiry: () => screen.getByLabelText('Expiry'),
  autoRenew: () => screen.getByLabelText('Auto renew'),
  preset: (name: string) =>
    within(screen.getByRole('radiogroup', { name: 'Permission level' })).getByRole('radio', {
      name,
    }),
  level: (object: string, level: string) =>
    within(screen.getByRole('radiogroup', { name: object })).getByRole('radio', { name: level }),
  /** The levels an object offers, in order. */
  levels: (object: string) =>
    within(screen.getByRole('radiogroup', { name: object }))
      .getAllByRole('radio')
      .map((radio) => radio.textContent),
  create: () => within(ui.dialog()).getByRole('button', { name: /Create$/ }),
};

jest.setTimeout(30_000);

let backend: TokenBackend;
afterEach(() => {
  backend?.settleAll();
});

/** The dialog rendered on a fresh token backend, once it shows. */
async function openForm() {
  backend = tokenBackend();
  const rendered = renderApp(<CreateTokenDialog isOpen onClose={() => undefined} />);
  await screen.findByRole('dialog', { name: 'Create new token' });
  return rendered;
}

async function submitAs(user: Awaited<ReturnType<typeof openForm>>['user'], name = 'ci-bot') {
  await user.type(ui.name(), name);
  await user.click(ui.create());
  await waitFor(() => expect(backend.created).toHaveLength(1));
  return backend.created[0] as Record<string, unknown>;
}

const pairs = (body: Record<string, unknown>) =>
  (body.scope as Array<{ subject: string; object: string; action: string }>).map(
    (entry) => `${entry.subject}|${entry.object}:${entry.action}`,
  );

describe('token form', () => {
  it('starts with expiry 90d, auto-renew off and the Read preset; Create disabled', async () => {
    await openForm();
    expect(ui.expiry()).toHaveValue('90d');
    expect(
      within(ui.expiry() as HTMLElement)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['30d', '90d', '180d', '365d (1 year)', 'never']);
    expect(ui.autoRenew()).not.toBeChecked();
    expect(ui.preset('Read')).toHaveAttribute('aria-checked', 'true');
    expect(ui.create()).toBeDisabled();
    expect(screen.queryByText('Name is required')).toBeNull();
  });

  it.each([' ', '    '])(
    'says "Name is required" for the name %j and keeps Create disabled',
    async (name) => {
      const { user } = await openForm();
      await user.type(ui.name(), name);
      expect(within(ui.dialog()).getByText('Name is required')).toBeInTheDocument();
      expect(ui.create()).toBeDisabled();
      await user.type(ui.name(), 'x');
      expect(within(ui.dialog()).queryByText('Name is required')).toBeNull();
      expect(ui.create()).toBeEnabled();
    },
  );

  it('says "Name is required" when the empty name is left', async () => {
    const { user } = await openForm();
    await user.click(ui.name());
    await user.tab();
    expect(within(ui.dialog()).getByText('Name is required')).toBeInTheDocument();
  });

  it('sends the Read preset, expiry and both auto-renew keys', async () => {
    const { user } = await openForm();
    await user.selectOptions(ui.expiry(), 'never');
    await user.click(ui.autoRenew());
    const body = await submitAs(user, '  ci-bot  ');
    expect(body).toMatchObject({
      name: 'ci-bot',
      expiry: 'never',
      autoRenew: true,
      auto_renew: true,
    });
    expect(Object.keys(body).sort()).toEqual([
      'autoRenew',
      'auto_renew',
      'expiry',
      'name',
      'scope',
    ]);
    expect(pairs(body)).toEqual([
      '|mcp:*',
      '|canaries:read',
      '|catalog:read',
      '|application:read',
      '|playbooks:read',
      '|notification:read',
    ]);
  });

  it('sends auto_renew false by default', async () => {
    const { user } = await openForm();
    const body = await submitAs(user);
    expect(body).toMatchObject({ expiry: '90d', autoRenew: false, auto_renew: false });
  });

  it('Write grants read and create', async () => {
    const { user } = await openForm();
    await user.click(ui.preset('Write'));
    expect(screen.getByText(/Read and create access to every object/)).toBeInTheDocument();
    const body = await submitAs(user);
    expect(pairs(body)).toContain('|playbooks:create');
    expect(pairs(body)).toContain('|canaries:create');
    expect(pairs(body).some((pair) => pair.endsWith(':update'))).toBe(false);
  });

  it('Admin grants everything but playbook run/approve elsewhere, and all of playbooks', async () => {
    const { user } = await openForm();
    await user.click(ui.preset('Admin'));
    const body = await submitAs(user);
    expect(pairs(body)).toEqual([
      '|mcp:*',
      ...['canaries', 'catalog', 'application'].flatMap((object) =>
        ['read', 'create', 'update', 'delete'].map((action) => `|${object}:${action}`),
      ),
      '|playbooks:read',
      '|playbooks:create',
      '|playbooks:update',
      '|playbooks:delete',
      '|playbooks:playbook:approve',
      '|playbooks:playbook:run',
      '|notification:read',
      '|notification:create',
      '|notification:update',
      '|notification:delete',
    ]);
  });

  it('Custom starts from the previous preset and sends a level per object', async () => {
    const { user } = await openForm();
    await user.click(ui.preset('Custom'));
    // The Read preset as levels.
    expect(ui.level('catalog', 'Read')).toHaveAttribute('aria-checked', 'true');
    expect(ui.level('mcp', 'Admin')).toHaveAttribute('aria-checked', 'true');
    // The levels each object offers.
    expect(ui.levels('playbooks')).toEqual(['None', 'Read', 'Run', 'Approve', 'Write']);
    expect(ui.levels('mcp')).toEqual(['None', 'Admin']);
    expect(ui.levels('canaries')).toEqual(['None', 'Read', 'Write', 'Admin']);

    await user.click(ui.level('mcp', 'None'));
    await user.click(ui.level('canaries', 'Admin'));
    await user.click(ui.level('catalog', 'Write'));
    await user.click(ui.level('application', 'None'));
    await user.click(ui.level('playbooks', 'Approve'));
    await user.click(ui.level('notification', 'None'));
    const body = await submitAs(user);
    expect(pairs(body)).toEqual([
      '|canaries:read',
      '|canaries:create',
      '|canaries:update',
      '|canaries:delete',
      '|catalog:read',
      '|catalog:create',
      '|playbooks:read',
      '|playbooks:playbook:run',
      '|playbooks:playbook:approve',
    ]);
  });

  it('playbook Run and Write levels', async () => {
    const { user } = await openForm();
    await user.click(ui.preset('Admin'));
    await user.click(ui.preset('Custom'));
    expect(ui.level('playbooks', 'Write')).toHaveAttribute('aria-checked', 'true');
    expect(ui.level('canaries', 'Admin')).toHaveAttribute('aria-checked', 'true');
    await user.click(ui.level('playbooks', 'Run'));
    const body = await submitAs(user);
    expect(pairs(body).filter((pair) => pair.includes('playbooks'))).toEqual([
      '|playbooks:read',
      '|playbooks:playbook:run',
    ]);
  });

  it('keeps every value after a failure, and shows the server message', async () => {
    const { user } = await openForm();
    await user.selectOptions(ui.expiry(), '365d');
    await user.click(ui.autoRenew());
    await user.click(ui.preset('Custom'));
    await user.click(ui.level('playbooks', 'Run'));
    await submitAs(user, 'deploy');
    backend.settle({ status: 409, body: { error: 'token deploy already exists' } });
    expect(await within(ui.dialog()).findByRole('alert')).toHaveTextContent(
      'token deploy already exists',
    );
    expect(ui.name()).toHaveValue('deploy');
    expect(ui.expiry()).toHaveValue('365d');
    expect(ui.autoRenew()).toBeChecked();
    expect(ui.level('playbooks', 'Run')).toHaveAttribute('aria-checked', 'true');
    expect(ui.create()).toBeEnabled();
  });
});
