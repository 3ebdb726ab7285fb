import { screen, waitFor, within } from '@testing-library/react';
import { createRoutes } from '../../../src/app/routes';
import { HIDDEN_TOKEN } from '../../../src/features/tokens/CreatedToken';
import { McpSetupDialog } from '../../../src/features/tokens/McpSetupDialog';
import { renderApp } from '../../support/renderApp';
import type { TokenBackend } from './tokenBackend';
import { tokenBackend } from './tokenBackend';
import { MCP_CLIENTS } from '../../support/mcpClients';

const TOKEN = 'mc_tok_mcp_9a8b7c6d5e4f';

const ui = {
  setup: () => screen.getByRole('dialog', { name: 'Setup MCP' }),
  created: () => screen.getByRole('dialog', { name: 'Token Created Successfully' }),
  level: (object: string, level: string) =>
    within(screen.getByRole('radiogroup', { name: object })).getByRole('radio', { name: level }),
  panel: () => within(ui.created()).getByRole('tabpanel'),
};

let backend: TokenBackend;
afterEach(() => {
  backend?.settleAll();
});

async function createMcpToken(user: ReturnType<typeof renderApp>['user']) {
  const dialog = await screen.findByRole('dialog', { name: 'Setup MCP' });
  await user.type(within(dialog).getByLabelText(/^Name/), 'claude');
  await user.click(within(dialog).getByRole('button', { name: /Create$/ }));
  await waitFor(() => expect(backend.waiting).toBe(1));
  backend.settle({ token: TOKEN });
  return screen.findByRole('dialog', { name: 'Token Created Successfully' });
}

jest.setTimeout(30_000);

describe('Setup MCP', () => {
  it('is in the user menu of the shell and opens the MCP token form', async () => {
    backend = tokenBackend();
    const { user } = renderApp(createRoutes({ publicRoutes: [] }), { url: '/settings/tokens' });
    await screen.findByRole('heading', { name: 'API Tokens', level: 1 }, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    const menu = await screen.findByRole('menu', { name: 'User menu' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Your Profile',
      'Download kubeconfig',
      'Setup MCP',
      'Selector tool',
      'View as scope',
      'Sign out',
    ]);
    await user.click(within(menu).getByRole('menuitem', { name: 'Setup MCP' }));
    await screen.findByRole('dialog', { name: 'Setup MCP' });
    // Custom, with only mcp.
    expect(
      within(screen.getByRole('radiogroup', { name: 'Permission level' })).getByRole('radio', {
        name: 'Custom',
      }),
    ).toHaveAttribute('aria-checked', 'true');
    expect(ui.level('mcp', 'Admin')).toHaveAttribute('aria-checked', 'true');
    for (const object of ['canaries', 'catalog', 'application', 'playbooks', 'notification']) {
      expect(ui.level(object, 'None')).toHaveAttribute('aria-checked', 'true');
    }

    await createMcpToken(user);
    expect(backend.created).toEqual([
      {
        name: 'claude',
        expiry: '90d',
        autoRenew: false,
        auto_renew: false,
        scope: [{ subject: '', object: 'mcp', action: '*' }],
      },
    ]);
    await user.click(within(ui.created()).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows each client’s configuration with this console’s /api/mcp and the token', async () => {
    backend = tokenBackend();
    const onClose = jest.fn();
    const { user } = renderApp(<McpSetupDialog isOpen onClose={onClose} />);
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await createMcpToken(user);
    const url = `${window.location.origin}/api/mcp`;
    expect(url).toBe('http://localhost/api/mcp');

    const tabs = within(ui.created()).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(MCP_CLIENTS);

    // Hidden: the configurations carry dots, not the token.
    expect(ui.panel()).toHaveTextContent(HIDDEN_TOKEN);
    expect(ui.panel()).not.toHaveTextContent(TOKEN);
    // Copying a configuration copies it with the token.
    await user.click(
      within(ui.created()).getByRole('button', { name: 'Copy the Claude Desktop configuration' }),
    );
    expect(writeText).toHaveBeenLastCalledWith(expect.stringContaining(`Bearer ${TOKEN}`));
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();

    await user.click(within(ui.created()).getByRole('button', { name: 'Show token' }));
    for (const client of MCP_CLIENTS) {
      await user.click(within(ui.created()).getByRole('tab', { name: client }));
      const panel = ui.panel();
      expect([client, panel.textContent]).toEqual([client, expect.stringContaining(url)]);
      expect(panel).toHaveTextContent(TOKEN);
      expect(panel).toHaveTextContent(`Bearer ${TOKEN}`);
    }
    // Direct HTTP: a POST with the JSON-RPC initialize request, and Basic auth.
    expect(ui.panel()).toHaveTextContent(`curl -X POST ${url}`);
    expect(ui.panel()).toHaveTextContent('"method":"initialize"');
    expect(ui.panel()).toHaveTextContent('"protocolVersion":"2024-11-05"');
    expect(ui.panel()).toHaveTextContent(/Basic authentication: user name token/);

    await user.click(within(ui.created()).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('has no client configuration for a token that cannot reach MCP', async () => {
    backend = tokenBackend();
    const { user } = renderApp(<McpSetupDialog isOpen onClose={() => undefined} />);
    await screen.findByRole('dialog', { name: 'Setup MCP' });
    await user.click(ui.level('mcp', 'None'));
    await user.click(ui.level('catalog', 'Read'));
    await createMcpToken(user);
    expect(within(ui.created()).queryByRole('tab')).toBeNull();
    expect(backend.created[0]).toMatchObject({
      scope: [{ subject: '', object: 'catalog', action: 'read' }],
    });
  });
});
