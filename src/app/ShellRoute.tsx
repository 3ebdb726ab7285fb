import { lazy } from 'react';
import { FeatureFlagsGate } from '../auth/FeatureFlagsGate';
import { useSignOut } from '../auth/kratos/useSignOut';
import { selectAuthMode } from '../auth/sessionSlice';
import { Layout } from '../shell/Layout';
import { ShellProvider } from '../shell/ShellContext';
import type { ShellNavigation } from '../shell/navigation';
import { useAppSelector } from '../shell/hooks';

/** The user menu's "Setup MCP" dialog, loaded on first use. */
const McpSetupDialog = lazy(async () => ({
  default: (await import('../features/tokens/McpSetupDialog')).McpSetupDialog,
}));

/** The command palette (Ctrl+K), loaded on its first open. */
const CommandPalette = lazy(async () => ({
  default: (await import('../features/palette/CommandPalette')).CommandPalette,
}));

export interface ShellRouteProps {
  navigation: ShellNavigation;
}

/**
 * The signed-in shell: waits for the feature flags, then shows the layout around the page.
 * In kratos mode the user menu signs out through the identity service's logout flow.
 */
export function ShellRoute({ navigation }: ShellRouteProps) {
  const signOut = useSignOut();
  const authMode = useAppSelector(selectAuthMode);
  return (
    <ShellProvider
      mcpSetupDialog={McpSetupDialog}
      commandPalette={CommandPalette}
      {...(authMode === 'kratos' ? { onSignOut: signOut } : {})}
    >
      <FeatureFlagsGate>
        <Layout navigation={navigation} />
      </FeatureFlagsGate>
    </ShellProvider>
  );
}
