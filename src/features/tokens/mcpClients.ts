/**
 * How each MCP client is pointed at this console's MCP endpoint with a token (api.md AUTH-12):
 * the endpoint is `{origin}/api/mcp` and the token goes in `Authorization: Bearer {token}`.
 * Pure: the texts are built from the address and the token.
 */

/** The name the server is registered under in each client's configuration. */
export const MCP_SERVER_NAME = 'mission-control';

/**
 * The MCP endpoint: the console's own `/api/mcp` proxy, or `{backend}/mcp` when the hosted
 * organisation's backend is called directly (api.md AUTH-12).
 */
export function mcpUrl(origin: string, directBackendUrl?: string | null): string {
  if (directBackendUrl) return `${directBackendUrl.replace(/\/+$/, '')}/mcp`;
  return `${origin.replace(/\/+$/, '')}/api/mcp`;
}

/** The JSON-RPC request that opens an MCP session (api.md AUTH-12). */
export const MCP_INITIALIZE_REQUEST = {
  jsonrpc: '2.0',
  method: 'initialize',
  params: { protocolVersion: '2024-11-05', capabilities: {} },
  id: 1,
} as const;

export type McpClientId =
  'claude-desktop' | 'claude-code' | 'vscode' | 'cline' | 'continue' | 'zed' | 'http';

export interface McpClientConfig {
  id: McpClientId;
  /** Tab title. */
  label: string;
  /** Where the text goes. */
  instructions: string;
  /** Language of the text, for its code block. */
  language: 'json' | 'yaml' | 'shell';
  /** The configuration (or command) to copy. */
  text: string;
  /** A remark under the text. */
  note?: string;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** Every client's configuration for the endpoint `url` and the token `token`, in tab order. */
export function mcpClientConfigs(url: string, token: string): McpClientConfig[] {
  const bearer = `Bearer ${token}`;
  return [
    {
      id: 'claude-desktop',
      label: 'Claude Desktop',
      instructions:
        'Add the server to claude_desktop_config.json (Settings → Developer → Edit Config), then restart Claude Desktop. The mcp-remote bridge connects the desktop app to the remote endpoint.',
      language: 'json',
      text: json({
        mcpServers: {
          [MCP_SERVER_NAME]: {
            command: 'npx',
            args: ['-y', 'mcp-remote', url, '--header', 'Authorization:${AUTH_HEADER}'],
            env: { AUTH_HEADER: bearer },
          },
        },
      }),
    },
    {
      id: 'claude-code',
      label: 'Claude Code',
      instructions: 'Run this command in a terminal to register the server with Claude Code.',
      language: 'shell',
      text: `claude mcp add --transport http ${MCP_SERVER_NAME} ${url} --header "Authorization: ${bearer}"`,
    },
    {
      id: 'vscode',
      label: 'VS Code Copilot',
      instructions:
        'Save this as .vscode/mcp.json in your workspace (or add it to the MCP servers of your user settings), then start the server from the Copilot chat tools list.',
      language: 'json',
      text: json({
        servers: {
          [MCP_SERVER_NAME]: { type: 'http', url, headers: { Authorization: bearer } },
        },
      }),
    },
    {
      id: 'cline',
      label: 'Cline',
      instructions:
        'Open MCP Servers → Configure in Cline and add the server to cline_mcp_settings.json.',
      language: 'json',
      text: json({
        mcpServers: {
          [MCP_SERVER_NAME]: {
            type: 'streamableHttp',
            url,
            headers: { Authorization: bearer },
            disabled: false,
          },
        },
      }),
    },
    {
      id: 'continue',
      label: 'Continue',
      instructions: 'Add the server to the mcpServers of your Continue config.yaml.',
      language: 'yaml',
      text: [
        'mcpServers:',
        '  - name: Mission Control',
        '    type: streamable-http',
        `    url: ${url}`,
        '    requestOptions:',
        '      headers:',
        `        Authorization: ${bearer}`,
      ].join('\n'),
    },
    {
      id: 'zed',
      label: 'Zed',
      instructions: 'Add the server to context_servers in your Zed settings.json.',
      language: 'json',
      text: json({
        context_servers: {
          [MCP_SERVER_NAME]: { url, headers: { Authorization: bearer } },
        },
      }),
    },
    {
      id: 'http',
      label: 'Direct HTTP',
      instructions:
        'Any HTTP client can call the endpoint: send JSON-RPC 2.0 requests with the token as a bearer token. This one opens a session.',
      language: 'shell',
      text: [
        `curl -X POST ${url} \\`,
        `  -H "Authorization: ${bearer}" \\`,
        '  -H "Content-Type: application/json" \\',
        '  -H "Accept: application/json, text/event-stream" \\',
        `  -d '${JSON.stringify(MCP_INITIALIZE_REQUEST)}'`,
      ].join('\n'),
      note: 'The token also works with Basic authentication: user name token, password the token itself.',
    },
  ];
}
