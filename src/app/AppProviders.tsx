import type { ReactNode } from 'react';
import { Suspense, lazy } from 'react';
import {
  AssistantProvider,
  AssistantTopBarEntry,
  DiagnoseFailureButton,
  SendToAiButton,
} from '../features/assistant/AssistantEntry';
import { AttachAsEvidenceButton } from '../features/incidents/link/AttachAsEvidenceButton';
import { ShellProvider } from '../shell/ShellContext';
import { ThemeSync } from '../shell/ThemeSync';
import type { RenderAccountMenu } from '../shell/accountMenu';
import { AccountMenuContext } from '../shell/accountMenu';
import { TopBarEntryContext } from '../shell/topBarEntry';
import type { PlaybooksMenuProps, Slots } from '../widgets/slots/slotTypes';
import { SlotsProvider } from '../widgets/slots/SlotsProvider';
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

/** The playbooks area's menu with its endpoints: a chunk loaded where a page first shows it. */
const LazyPlaybooksMenu = lazy(async () => ({
  default: (await import('../features/playbooks/menu/PlaybooksMenuButton')).PlaybooksMenuButton,
}));

function PlaybooksMenu(props: PlaybooksMenuProps) {
  return (
    <Suspense fallback={null}>
      <LazyPlaybooksMenu {...props} />
    </Suspense>
  );
}

/**
 * The slots every page may show: other areas' "Attach as Evidence" is the incidents area's
 * button, their "Playbooks" menu the playbooks area's, "Send to AI" and "Diagnose failure" the
 * assistant's. The routes add the slots they load with
 * their page (the typed editor, job history, the log backend form).
 */
const APP_SLOTS: Partial<Slots> = {
  AttachAsEvidence: AttachAsEvidenceButton,
  PlaybooksMenu,
  SendToAi: SendToAiButton,
  DiagnoseFailure: DiagnoseFailureButton,
};

/** The top bar's Assistant button and panel. */
const renderAssistantEntry = () => <AssistantTopBarEntry />;

/**
 * What the console adds around the router, inside the Redux and Blueprint providers: the
 * state-machine inspector, the shell's options (the console's version), the theme, the
 * assistant (the top bar's button and its panel's state) and the incidents area's "Attach as Evidence" and the playbooks area's "Playbooks" menu for the other
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
      <ShellProvider
        version={config.version}
        {...(config.hideErrorDetails ? { hideErrorDetails: true } : {})}
        {...(config.ownerLabel ? { ownerLabel: config.ownerLabel } : {})}
      >
        <AccountMenuContext.Provider value={renderAccountMenu ?? null}>
          <TopBarEntryContext.Provider value={renderAssistantEntry}>
            <AssistantProvider>
              <SlotsProvider slots={APP_SLOTS}>
                <ThemeSync />
                {AuthProvider ? <AuthProvider>{children}</AuthProvider> : children}
              </SlotsProvider>
            </AssistantProvider>
          </TopBarEntryContext.Provider>
        </AccountMenuContext.Provider>
      </ShellProvider>
    </InspectProvider>
  );
}
