import { lazy, useEffect } from 'react';
import { FeatureFlagsGate } from '../auth/FeatureFlagsGate';
import { useSignOut } from '../auth/kratos/useSignOut';
import { selectAuthMode } from '../auth/sessionSlice';
import { Layout } from '../shell/Layout';
import { ShellProvider } from '../shell/ShellContext';
import type { ShellNavigation } from '../shell/navigation';
import { PALETTE_BUTTON_LABEL, opensPalette } from '../shell/commandPaletteOpener';
import { useAppSelector } from '../shell/hooks';
import { selectPreferences } from '../shell/preferencesSlice';
import { useTimezones } from '../ui/useTimezones';
import { PageLoading } from './pageLoad';

/** The user menu's "Setup MCP" dialog, loaded on first use. */
const McpSetupDialog = lazy(async () => ({
  default: (await import('../features/tokens/McpSetupDialog')).McpSetupDialog,
}));

/** The user menu's selector tool, loaded on first use. */
const SelectorToolDialog = lazy(async () => ({
  default: (await import('../features/selectors/SelectorToolDialog')).SelectorToolDialog,
}));

/** The user menu's "View as scope", loaded on first use. */
const ViewAsScopeDialog = lazy(async () => ({
  default: (await import('../features/scopes/viewAs/ViewAsScopeDialog')).ViewAsScopeDialog,
}));

const loadCommandPalette = () => import('../features/palette/CommandPalette');

/**
 * The command palette (Ctrl+K): not in a page's first load; its code is fetched at the first
 * sign the user may open it (Ctrl, Cmd or `/` pressed, or the pointer on the top bar's search
 * button), so that the palette opens at once.
 */
const CommandPalette = lazy(async () => ({
  default: (await loadCommandPalette()).CommandPalette,
}));

/** Runs `task` once, at the first sign the user may open the palette. */
function onPaletteIntent(task: () => void): () => void {
  const stop = () => {
    document.removeEventListener('keydown', onKey, true);
    document.removeEventListener('pointerover', onPointer, true);
  };
  const fire = () => {
    stop();
    task();
  };
  function onKey(event: KeyboardEvent) {
    if (event.key === 'Control' || event.key === 'Meta' || event.key === '/') fire();
    else if (opensPalette(event)) fire();
  }
  function onPointer(event: PointerEvent) {
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest(`[aria-label="${PALETTE_BUTTON_LABEL}"]`)) fire();
  }
  document.addEventListener('keydown', onKey, true);
  document.addEventListener('pointerover', onPointer, true);
  return stop;
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
  useEffect(() => onPaletteIntent(() => void loadCommandPalette().catch(() => undefined)), []);
  // Dates show in the user's chosen zone from the first frame: its rules load first.
  const zoneChosen = useAppSelector(selectPreferences).timezone !== 'browser';
  const zones = useTimezones(zoneChosen);
  if (zoneChosen && !zones) return <PageLoading />;
  return (
    <ShellProvider
      mcpSetupDialog={McpSetupDialog}
      selectorTool={SelectorToolDialog}
      viewAsScope={ViewAsScopeDialog}
      commandPalette={CommandPalette}
      {...(authMode === 'kratos' ? { onSignOut: signOut } : {})}
    >
      <FeatureFlagsGate>
        <Layout navigation={navigation} />
      </FeatureFlagsGate>
    </ShellProvider>
  );
}
