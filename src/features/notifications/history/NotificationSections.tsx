import { paths } from '../../../shell/paths';
import { SectionLinks } from '../../../widgets/SectionLinks';

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
    <SectionLinks
      label="Notification sections"
      className="mc-notif-sections"
      sections={NOTIFICATION_SECTIONS}
    />
  );
}
