import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';

/** External documentation the help menu links to. */
export const HELP_LINKS: ReadonlyArray<{ text: string; href: string }> = [
  { text: 'Documentation', href: 'https://flanksource.com/docs' },
  { text: 'Health checks', href: 'https://flanksource.com/docs/guide/canary-checker' },
  { text: 'Catalog', href: 'https://flanksource.com/docs/guide/config-db' },
  { text: 'Playbooks', href: 'https://flanksource.com/docs/guide/playbooks' },
  { text: 'Notifications', href: 'https://flanksource.com/docs/guide/notifications' },
  { text: 'Views', href: 'https://flanksource.com/docs/guide/views' },
];

/** The help button of the top bar: documentation links, each in a new tab. */
export function HelpMenu() {
  return (
    <PopoverNext
      shouldReturnFocusOnClose={false}
      placement="bottom-end"
      content={
        <Menu aria-label="Help">
          {HELP_LINKS.map((link) => (
            <MenuItem
              key={link.href}
              icon="manual"
              text={link.text}
              href={link.href}
              target="_blank"
              rel="noreferrer"
            />
          ))}
        </Menu>
      }
    >
      <Button variant="minimal" icon="help" aria-label="Help" />
    </PopoverNext>
  );
}
