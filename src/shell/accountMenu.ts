import type { IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { createContext } from 'react';

/*
 * The user menu's replacement, apart from the menu itself: the providers around the router set
 * it, and only the shell (a chunk of its own) draws the menu.
 */

/** An entry of the user's menu that another menu can carry (Download kubeconfig, Setup MCP). */
export interface AccountMenuAction {
  label: string;
  icon: IconName;
  onClick: () => void;
}

/**
 * Renders a replacement of the menu's button and popover, given the menu's actions; its
 * dialogs stay here. The hosted sign-in supplies its organisation switcher and user button.
 */
export type RenderAccountMenu = (actions: readonly AccountMenuAction[]) => ReactNode;

/** The replacement of the user menu, when the app supplies one (hosted sign-in). */
export const AccountMenuContext = createContext<RenderAccountMenu | null>(null);
