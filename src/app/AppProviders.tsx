import type { ReactNode } from 'react';
import { ShellProvider } from '../shell/ShellContext';
import { ThemeSync } from '../shell/ThemeSync';
import type { InspectorLoader } from './inspect';
import { InspectProvider } from './InspectProvider';
import type { RuntimeConfig } from './runtimeConfig';

export interface AppProvidersProps {
  config: RuntimeConfig;
  children: ReactNode;
  /** Replaces the Stately browser inspector (tests). */
  inspectorLoader?: InspectorLoader;
}

/**
 * What the console adds around the router, inside the Redux and Blueprint providers: the
 * state-machine inspector, the shell's options (the console's version) and the theme.
 */
export function AppProviders({ config, children, inspectorLoader }: AppProvidersProps) {
  return (
    <InspectProvider load={inspectorLoader}>
      <ShellProvider version={config.version}>
        <ThemeSync />
        {children}
      </ShellProvider>
    </InspectProvider>
  );
}
