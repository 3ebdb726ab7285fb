import { Button, Classes, Icon } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import type { PageHeader } from '../ui/pageHeader';
import { HelpMenu } from './HelpMenu';
import type { ShellLinks } from './navigation';
import { PreferencesPanel } from './PreferencesPanel';
import { UserMenu } from './UserMenu';

export interface TopBarProps {
  /** Title and refresh of the page shown. */
  header?: PageHeader;
  /** Receives the element pages render their extras into. */
  extrasRef: (element: HTMLDivElement | null) => void;
  links: ShellLinks;
}

/**
 * Page title, the page's extras, its refresh button, then the notifications bell and the
 * preferences, help and user menus.
 */
export function TopBar({ header, extrasRef, links }: TopBarProps) {
  const onRefresh = header?.onRefresh;
  return (
    <header className="mc-topbar">
      <h1 className={`mc-topbar-title ${Classes.HEADING}`}>{header?.title ?? ''}</h1>
      <div ref={extrasRef} className="mc-topbar-extras" />
      <div className="mc-topbar-actions">
        {onRefresh !== undefined && (
          <Button variant="minimal" icon="refresh" aria-label="Refresh" onClick={onRefresh} />
        )}
        <Link
          to={links.notifications}
          className={`${Classes.BUTTON} ${Classes.MINIMAL}`}
          aria-label="Notifications"
        >
          <Icon icon="notifications" aria-hidden />
        </Link>
        <PreferencesPanel />
        <HelpMenu />
        <UserMenu profileHref={links.profile} />
      </div>
    </header>
  );
}
