/** The MCP clients the token dialog gives set-up instructions for, in the order of its tabs. */
export const MCP_CLIENTS = [
  'Claude Desktop',
  'Claude Code',
  'VS Code Copilot',
  'Cline',
  'Continue',
  'Zed',
  'Direct HTTP',
];
