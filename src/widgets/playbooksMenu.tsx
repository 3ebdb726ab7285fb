import type { PlaybooksMenuProps } from './slots/slotTypes';
import { Slot } from './slots/SlotsProvider';

/**
 * The "Playbooks" menu (spec 002 §2.7, §6.1): the areas that show a resource a playbook runs on
 * (a check, a config, a topology component) render `<PlaybooksMenu resource={…} />`; the app
 * supplies the playbooks area's menu as the `PlaybooksMenu` slot, so no area imports another.
 * Without a supplier nothing is rendered.
 */
export function PlaybooksMenu(props: PlaybooksMenuProps) {
  return <Slot name="PlaybooksMenu" {...props} />;
}
