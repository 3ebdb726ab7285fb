import type { ReactNode } from 'react';
import { createContext, useContext } from 'react';

/**
 * The "Playbooks" menu (spec 002 §2.7, §6.1): the areas that show a resource a playbook runs on
 * (a check, a config, a topology component) render `<PlaybooksMenu resource={…} />`; the app
 * supplies the playbooks area's menu through `PlaybooksMenuContext`, so no area imports another.
 * Without a supplier nothing is rendered.
 */

/** The resource the playbooks run on: exactly one of its ids. */
export type PlaybooksMenuResource =
  { config_id: string } | { component_id: string } | { check_id: string };

export interface PlaybooksMenuProps {
  /** The resource the listed playbooks run on, preset in the run dialog. */
  resource: PlaybooksMenuResource;
}

/** Renders the playbooks area's menu for a resource (supplied by the app). */
export type RenderPlaybooksMenu = (props: PlaybooksMenuProps) => ReactNode;

/** How the app supplies the menu; null where there is none. */
export const PlaybooksMenuContext = createContext<RenderPlaybooksMenu | null>(null);

/** The "Playbooks" menu for `resource`, where the app supplies one. */
export function PlaybooksMenu(props: PlaybooksMenuProps) {
  const render = useContext(PlaybooksMenuContext);
  return render ? render(props) : null;
}
