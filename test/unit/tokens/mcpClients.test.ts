import {
  MCP_INITIALIZE_REQUEST,
  mcpClientConfigs,
  mcpUrl,
} from '../../../src/features/tokens/mcpClients';
import { MCP_CLIENTS } from '../../support/mcpClients';

const URL = 'https://mc.example.com/api/mcp';
const TOKEN = 'tok_0123456789abcdef';

describe('MCP client configuration', () => {
  it('points at {origin}/api/mcp', () => {
    expect(mcpUrl('https://mc.example.com')).toBe(URL);
    expect(mcpUrl('https://mc.example.com/')).toBe(URL);
    expect(mcpUrl('https://mc.example.com', null)).toBe(URL);
  });

  it('points at {backend}/mcp when a hosted organisation backend is called directly', () => {
    expect(mcpUrl('https://console.example.com', 'https://mc.acme.example/')).toBe(
      'https://mc.acme.example/mcp',
    );
  });

  it('has one tab per client, in order', () => {
    expect(mcpClientConfigs(URL, TOKEN).map((config) => config.label)).toEqual(MCP_CLIENTS);
  });

  it('puts the address and the bearer header in every configuration', () => {
    for (const config of mcpClientConfigs(URL, TOKEN)) {
      expect([config.label, config.text]).toEqual([config.label, expect.stringContaining(URL)]);
      expect(config.text).toContain(`Bearer ${TOKEN}`);
    }
  });

  it('writes valid JSON for the JSON clients, with the header where each client reads it', () => {
    const byId = new Map(mcpClientConfigs(URL, TOKEN).map((config) => [config.id, config]));
    const vscode = JSON.parse(byId.get('vscode')!.text);
    expect(vscode.servers['mission-control']).toEqual({
      type: 'http',
      url: URL,
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    const desktop = JSON.parse(byId.get('claude-desktop')!.text);
    expect(desktop.mcpServers['mission-control'].args).toContain(URL);
    expect(desktop.mcpServers['mission-control'].env.AUTH_HEADER).toBe(`Bearer ${TOKEN}`);
    const cline = JSON.parse(byId.get('cline')!.text);
    expect(cline.mcpServers['mission-control'].headers.Authorization).toBe(`Bearer ${TOKEN}`);
    const zed = JSON.parse(byId.get('zed')!.text);
    expect(zed.context_servers['mission-control'].url).toBe(URL);
  });

  it('direct HTTP: POST with the JSON-RPC initialize body, and a note on Basic auth', () => {
    const http = mcpClientConfigs(URL, TOKEN).find((config) => config.id === 'http')!;
    expect(http.text).toContain(`curl -X POST ${URL}`);
    expect(http.text).toContain(JSON.stringify(MCP_INITIALIZE_REQUEST));
    expect(MCP_INITIALIZE_REQUEST).toEqual({
      jsonrpc: '2.0',
      method: 'initialize',
      params: { protocolVersion: '2024-11-05', capabilities: {} },
      id: 1,
    });
    expect(http.note).toMatch(/Basic authentication: user name token/);
  });
});
