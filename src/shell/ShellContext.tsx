import type { ComponentType, ReactNode } from 'react';
import { createContext, useContext, useMemo } from 'react';

export interface ShellOptions {
  /** The console's own version, shown in the user menu (`config.json`'s `version`). */
  version?: string;
  /**
   * Signs the user out. Receives the current path and query, to come back to after signing in
   * again. Without it the user menu has no Sign out item.
   */
  onSignOut?: (returnTo: string) => void | Promise<void>;
  /**
   * The "Setup MCP" dialog of the user menu (a feature's, supplied by the app, possibly lazy:
   * the menu renders it inside a Suspense boundary). Without it the menu has no Setup MCP item.
   */
  mcpSetupDialog?: ComponentType<{ isOpen: boolean; onClose: () => void }>;
}

const ShellContext = createContext<ShellOptions>({});

export interface ShellProviderProps extends ShellOptions {
  children: ReactNode;
}

/**
 * Options of the shell, supplied by the app. Providers nest: an inner one overrides only the
 * options it is given (the version at the top, sign-out inside the router).
 */
export function ShellProvider({
  children,
  version,
  onSignOut,
  mcpSetupDialog,
}: ShellProviderProps) {
  const parent = useContext(ShellContext);
  const value = useMemo<ShellOptions>(
    () => ({
      version: version ?? parent.version,
      onSignOut: onSignOut ?? parent.onSignOut,
      mcpSetupDialog: mcpSetupDialog ?? parent.mcpSetupDialog,
    }),
    [parent, version, onSignOut, mcpSetupDialog],
  );
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

export function useShellOptions(): ShellOptions {
  return useContext(ShellContext);
}
