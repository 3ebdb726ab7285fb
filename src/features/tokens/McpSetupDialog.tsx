import { CreateTokenDialog } from './CreateTokenDialog';

/**
 * "Setup MCP" of the user menu: a token limited to MCP (the Custom preset with only mcp), then
 * the configuration of each MCP client with this console's `/api/mcp` address and the token.
 */
export function McpSetupDialog(props: { isOpen: boolean; onClose: () => void }): JSX.Element {
  return <CreateTokenDialog isOpen={props.isOpen} onClose={props.onClose} mode="mcp" />;
}
