import type { ComponentType, ReactNode } from 'react';
import { createContext, useContext, useMemo, useState } from 'react';
import { DEFAULT_OWNER_LABEL } from '../../contracts/runtimeConfig';
import type { NavEntry } from './navigation';

export interface ShellOptions {
  /** The console's own version, shown in the user menu (`config.json`'s `version`). */
  version?: string;
  /** The error page leaves out an error's cause and stack (`config.json`'s `hideErrorDetails`). */
  hideErrorDetails?: boolean;
  /** The label key that names an item's owner team (`config.json`'s `ownerLabel`). */
  ownerLabel?: string;
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
  /**
   * The selector tool of the user menu (a feature's, supplied by the app, possibly lazy, like
   * the MCP dialog). Without it the menu has no Selector tool item.
   */
  selectorTool?: ComponentType<{ isOpen: boolean; onClose: () => void }>;
  /**
   * The user menu's "View as scope" (a feature's, supplied by the app, possibly lazy), offered
   * to those who may write access rules. Without it the menu has no View as scope item.
   */
  viewAsScope?: ComponentType<{ isOpen: boolean; onClose: () => void }>;
  /**
   * The command palette (a feature's, supplied by the app, lazy: it is rendered inside a
   * Suspense boundary on its first open). Without it the shell has no palette, no Ctrl+K.
   */
  commandPalette?: ComponentType<CommandPaletteProps>;
}

/** What the shell gives the command palette. */
export interface CommandPaletteProps {
  isOpen: boolean;
  onClose: () => void;
  /** The pages it may offer, before filtering for the user. */
  pages: readonly NavEntry[];
}

const ShellContext = createContext<ShellOptions>({});

function shallowEqual(a: object, b: object): boolean {
  const aEntries = Object.entries(a);
  return (
    aEntries.length === Object.keys(b).length &&
    aEntries.every(([key, value]) => Object.is(value, (b as Record<string, unknown>)[key]))
  );
}

/** The same object while its fields stay the same, so what is built from it is kept. */
function useShallowStable<T extends object>(value: T): T {
  const [stable, setStable] = useState(value);
  if (stable === value || shallowEqual(stable, value)) return stable;
  setStable(value);
  return value;
}

export interface ShellProviderProps extends ShellOptions {
  children: ReactNode;
}

/**
 * Options of the shell, supplied by the app. Providers nest: an inner one overrides only the
 * options it is given (the version at the top, sign-out inside the router).
 */
export function ShellProvider({ children, ...options }: ShellProviderProps) {
  const parent = useContext(ShellContext);
  const given = useShallowStable(options);
  const value = useMemo<ShellOptions>(() => {
    const merged: Record<string, unknown> = { ...parent };
    for (const [key, option] of Object.entries(given)) {
      if (option !== undefined) merged[key] = option;
    }
    return merged as ShellOptions;
  }, [parent, given]);
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

export function useShellOptions(): ShellOptions {
  return useContext(ShellContext);
}

/** The label key that names an item's owner team: the runtime config's, else `owner`. */
export function useOwnerLabel(): string {
  return useContext(ShellContext).ownerLabel ?? DEFAULT_OWNER_LABEL;
}
