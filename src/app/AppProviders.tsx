import type { ReactNode } from 'react';
import { AttachAsEvidenceButton } from '../features/incidents/link/AttachAsEvidenceButton';
import { PlaybooksMenuButton } from '../features/playbooks/menu/PlaybooksMenuButton';
import { ShellProvider } from '../shell/ShellContext';
import { ThemeSync } from '../shell/ThemeSync';
import type { RenderAccountMenu } from '../shell/UserMenu';
import { AccountMenuContext } from '../shell/UserMenu';
import type { RenderAttachEvidence } from '../widgets/attachEvidence';
import { AttachEvidenceContext } from '../widgets/attachEvidence';
import type { RenderPlaybooksMenu } from '../widgets/playbooksMenu';
import { PlaybooksMenuContext } from '../widgets/playbooksMenu';
import type { InspectorLoader } from './inspect';
import { InspectProvider } from './InspectProvider';
import type { RuntimeConfig } from './runtimeConfig';

/** What the hosted sign-in adds around the router (absent in kratos mode). */
export interface HostedShellOptions {
  /** The sign-in provider around the router. */
  authProvider?: (props: { children: ReactNode }) => ReactNode;
  /** Replaces the user menu (organisation switcher and user button). */
  renderAccountMenu?: RenderAccountMenu;
}

export interface AppProvidersProps extends HostedShellOptions {
  config: RuntimeConfig;
  children: ReactNode;
  /** Replaces the Stately browser inspector (tests). */
  inspectorLoader?: InspectorLoader;
}

/** Other areas' "Attach as Evidence" is the incidents area's button. */
const renderAttachEvidence: RenderAttachEvidence = (props) => <AttachAsEvidenceButton {...props} />;

/** Other areas' "Playbooks" menu is the playbooks area's button. */
const renderPlaybooksMenu: RenderPlaybooksMenu = (props) => <PlaybooksMenuButton {...props} />;

/**
 * What the console adds around the router, inside the Redux and Blueprint providers: the
 * state-machine inspector, the shell's options (the console's version), the theme and the
 * incidents area's "Attach as Evidence" and the playbooks area's "Playbooks" menu for the other
 * areas; in hosted mode also the sign-in provider and the replacement of the user menu.
 */
export function AppProviders({
  config,
  children,
  inspectorLoader,
  authProvider: AuthProvider,
  renderAccountMenu,
}: AppProvidersProps) {
  return (
    <InspectProvider load={inspectorLoader}>
      <ShellProvider version={config.version}>
        <AccountMenuContext.Provider value={renderAccountMenu ?? null}>
          <AttachEvidenceContext.Provider value={renderAttachEvidence}>
            <PlaybooksMenuContext.Provider value={renderPlaybooksMenu}>
              <ThemeSync />
              {AuthProvider ? <AuthProvider>{children}</AuthProvider> : children}
            </PlaybooksMenuContext.Provider>
          </AttachEvidenceContext.Provider>
        </AccountMenuContext.Provider>
      </ShellProvider>
    </InspectProvider>
  );
}
