import type { ReactNode } from 'react';
import { createContext, useContext, useMemo } from 'react';

export interface ShellOptions {
  /** The console's own version, shown in the user menu (`config.json`'s `version`). */
  version?: string;
  /**
   * Signs the user out. Receives the current path and query, to come back to after signing in
   * again. Without it the user menu has no Sign out item.
   */
  onSignOut?: (returnTo: string) => void | Promise<void>;
}

const ShellContext = createContext<ShellOptions>({});

export interface ShellProviderProps extends ShellOptions {
  children: ReactNode;
}

/**
 * Options of the shell, supplied by the app. Providers nest: an inner one overrides only the
 * options it is given (the version at the top, sign-out inside the router).
 */
export function ShellProvider({ children, version, onSignOut }: ShellProviderProps) {
  const parent = useContext(ShellContext);
  const value = useMemo<ShellOptions>(
    () => ({
      version: version ?? parent.version,
      onSignOut: onSignOut ?? parent.onSignOut,
    }),
    [parent, version, onSignOut],
  );
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

export function useShellOptions(): ShellOptions {
  return useContext(ShellContext);
}
