import { Classes } from '@blueprintjs/core';
import { NavLink } from 'react-router-dom';
import { paths } from '../../../shell/paths';
import { PageExtras } from '../../../ui/pageHeader';

/** The notification pages, in the order of the top bar. */
export const NOTIFICATION_SECTIONS = [
  { label: 'Notifications', href: paths.notifications.getHref(), end: true },
  { label: 'Rules', href: paths.notificationRules.getHref(), end: false },
  { label: 'Silences', href: paths.notificationSilences.getHref(), end: false },
] as const;

/**
 * Links between the notification pages (what was sent, the rules, the silences), shown in the top bar
 * next to the title; the current one is marked.
 */
export function NotificationSections() {
  return (
    <PageExtras>
      <nav aria-label="Notification sections" className="mc-notif-sections">
        {NOTIFICATION_SECTIONS.map((section) => (
          <NavLink
            key={section.href}
            to={section.href}
            end={section.end}
            className={({ isActive }) =>
              `${Classes.BUTTON} ${Classes.MINIMAL}${isActive ? ` ${Classes.ACTIVE}` : ''}`
            }
          >
            {section.label}
          </NavLink>
        ))}
      </nav>
    </PageExtras>
  );
}
