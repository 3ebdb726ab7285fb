import { lazy, useEffect } from 'react';
import { FeatureFlagsGate } from '../auth/FeatureFlagsGate';
import { useSignOut } from '../auth/kratos/useSignOut';
import { selectAuthMode } from '../auth/sessionSlice';
import { Layout } from '../shell/Layout';
import { ShellProvider } from '../shell/ShellContext';
import type { ShellNavigation } from '../shell/navigation';
import { useAppSelector } from '../shell/hooks';
import { selectPreferences } from '../shell/preferencesSlice';
import { useTimezones } from '../ui/useTimezones';
import { PageLoading } from './pageLoad';

/** The user menu's "Setup MCP" dialog, loaded on first use. */
const McpSetupDialog = lazy(async () => ({
  default: (await import('../features/tokens/McpSetupDialog')).McpSetupDialog,
}));

const loadCommandPalette = () => import('../features/palette/CommandPalette');

/**
 * The command palette (Ctrl+K): not in the first screen's code, but fetched once the browser is
 * idle after the shell shows, so that the first Ctrl+K opens it at once.
 */
const CommandPalette = lazy(async () => ({
  default: (await loadCommandPalette()).CommandPalette,
}));

/** Runs `task` when the browser is idle (or after a few seconds without idle callbacks). */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 5_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 2_000);
  return () => clearTimeout(timer);
}

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
  useEffect(() => whenIdle(() => void loadCommandPalette().catch(() => undefined)), []);
  // Dates show in the user's chosen zone from the first frame: its rules load first.
  const zoneChosen = useAppSelector(selectPreferences).timezone !== 'browser';
  const zones = useTimezones(zoneChosen);
  if (zoneChosen && !zones) return <PageLoading />;
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
