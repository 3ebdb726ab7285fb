import { Button, Classes, Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import { copyToClipboard } from '../../ui/clipboard';
import type { McpClientConfig, McpClientId } from './mcpClients';
import { mcpClientConfigs } from './mcpClients';

export interface McpClientTabsProps {
  /** The MCP endpoint, `{origin}/api/mcp`. */
  url: string;
  /** The token as shown: in clear once revealed, dots before. */
  shownToken: string;
  /** The token itself, for the copy buttons. */
  token: string;
}

function ConfigPanel({ shown, copied }: { shown: McpClientConfig; copied: McpClientConfig }) {
  return (
    <div className="mc-mcp-config">
      <div className="mc-mcp-config-header">
        <p>{shown.instructions}</p>
        <Button
          icon="clipboard"
          variant="minimal"
          aria-label={`Copy the ${shown.label} configuration`}
          onClick={() => void copyToClipboard(copied.text)}
        />
      </div>
      <pre className={Classes.CODE_BLOCK} data-language={shown.language}>
        <code>{shown.text}</code>
      </pre>
      {shown.note && <p className={Classes.TEXT_MUTED}>{shown.note}</p>}
    </div>
  );
}

/**
 * How to connect each MCP client to this console with the new token, one tab per client. The
 * copy buttons copy the configuration with the token in clear even while it shows as dots.
 */
export function McpClientTabs({ url, shownToken, token }: McpClientTabsProps) {
  const shown = mcpClientConfigs(url, shownToken);
  const copied = new Map(mcpClientConfigs(url, token).map((config) => [config.id, config]));
  const [selected, setSelected] = useState<McpClientId>('claude-desktop');
  return (
    <Tabs
      id="mc-mcp-clients"
      selectedTabId={selected}
      onChange={(id) => setSelected(id as McpClientId)}
      renderActiveTabPanelOnly
    >
      {shown.map((config) => (
        <Tab
          key={config.id}
          id={config.id}
          title={config.label}
          panel={<ConfigPanel shown={config} copied={copied.get(config.id) ?? config} />}
        />
      ))}
    </Tabs>
  );
}
