import { Button, Classes, Icon, Tag } from '@blueprintjs/core';
import type { CSSProperties } from 'react';
import { useContext } from 'react';
import { Link } from 'react-router-dom';
import { useGetFailedSendCountQuery } from '../api/endpoints/notificationFailedSends';
import { useCan } from '../auth/hooks';
import type { PageHeader } from '../ui/pageHeader';
import { HelpMenu } from './HelpMenu';
import type { ShellLinks } from './navigation';
import { PALETTE_BUTTON_LABEL } from './commandPaletteOpener';
import { PreferencesPanel } from './PreferencesButton';
import { TopBarEntryContext } from './topBarEntry';
import { UserMenu } from './UserMenu';

export interface TopBarProps {
  /** Title and refresh of the page shown. */
  header?: PageHeader;
  /** Receives the element pages render their extras into. */
  extrasRef: (element: HTMLDivElement | null) => void;
  links: ShellLinks;
  /** Opens the command palette; without it the top bar has no search button. */
  onOpenPalette?: () => void;
}

/** How often the bell reads the count of failed sends again. */
export const BELL_POLL_MS = 60_000;

/** The bell's badge: none for no failed send, the count up to 99, then `99+`. */
export function bellBadge(failed: number): string | undefined {
  if (!(failed > 0)) return undefined;
  return failed > 99 ? '99+' : String(failed);
}

/** The bell's accessible name, which says how many sends failed lately. */
export function bellLabel(failed: number): string {
  if (!(failed > 0)) return 'Notifications';
  const count = failed > 99 ? 'more than 99' : String(failed);
  return `Notifications, ${count} failed in the last 24 hours`;
}

// The badge sits over the bell's top right corner (the shell's stylesheet has no rule for it).
const BELL_STYLE: CSSProperties = { position: 'relative' };
const BADGE_STYLE: CSSProperties = {
  position: 'absolute',
  top: -2,
  right: -4,
  minWidth: 16,
  minHeight: 16,
  padding: '0 4px',
  fontSize: 10,
  lineHeight: '16px',
};

/**
 * The link to the notifications with a badge counting the sends that failed in the last 24
 * hours (NOTIF-07 counted), read every minute, only for users who may read notifications.
 */
function NotificationsBell({ href }: { href: string }) {
  const canRead = useCan('notifications');
  const { data: failed = 0 } = useGetFailedSendCountQuery(undefined, {
    skip: !canRead,
    pollingInterval: BELL_POLL_MS,
  });
  const shown = canRead ? failed : 0;
  const badge = bellBadge(shown);
  return (
    <Link
      to={href}
      className={`${Classes.BUTTON} ${Classes.MINIMAL} mc-topbar-bell`}
      style={badge ? BELL_STYLE : undefined}
      aria-label={bellLabel(shown)}
    >
      <Icon icon="notifications" aria-hidden />
      {badge && (
        <Tag round intent="danger" className="mc-topbar-bell-badge" style={BADGE_STYLE} aria-hidden>
          {badge}
        </Tag>
      )}
    </Link>
  );
}

/**
 * Page title, the page's extras, its refresh button, then the command palette's button, what
 * the app adds (the assistant), the notifications bell and the preferences, help and user menus.
 */
export function TopBar({ header, extrasRef, links, onOpenPalette }: TopBarProps) {
  const onRefresh = header?.onRefresh;
  const renderEntry = useContext(TopBarEntryContext);
  return (
    <header className="mc-topbar">
      <h1 className={`mc-topbar-title ${Classes.HEADING}`}>{header?.title ?? ''}</h1>
      <div ref={extrasRef} className="mc-topbar-extras" />
      <div className="mc-topbar-actions">
        {onRefresh !== undefined && (
          <Button variant="minimal" icon="refresh" aria-label="Refresh" onClick={onRefresh} />
        )}
        {onOpenPalette && (
          <Button
            variant="minimal"
            icon="search"
            aria-label={PALETTE_BUTTON_LABEL}
            title={PALETTE_BUTTON_LABEL}
            onClick={onOpenPalette}
          />
        )}
        {renderEntry?.()}
        <NotificationsBell href={links.notifications} />
        <PreferencesPanel />
        <HelpMenu />
        <UserMenu profileHref={links.profile} />
      </div>
    </header>
  );
}
