import { Button, Classes, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { Suspense, lazy, useContext, useState } from 'react';
import { useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';
import { KUBECONFIG_DOWNLOAD_URL } from '../api/downloads';
import { useGetAboutQuery } from '../api/endpoints/system';
import { useCan } from '../auth/hooks';
import { selectCurrentUser } from '../auth/sessionSlice';
import type { AccountMenuAction } from './accountMenu';
import { AccountMenuContext } from './accountMenu';
import { useShellOptions } from './ShellContext';
import { LazyDialog } from '../ui/LazyPart';

/** The kubeconfig download dialog loads when it is first opened. */
const KubeconfigDialog = lazy(async () => ({
  default: (await import('./KubeconfigDialog')).KubeconfigDialog,
}));

/** The user menu's item that opens the selector tool. */
export const SELECTOR_TOOL_ITEM = 'Selector tool';

/** The user menu's item that opens "View as scope". */
export const VIEW_AS_SCOPE_ITEM = 'View as scope';

/** Shown for a version that is not known. */
export const UNKNOWN_VERSION = 'NA';

export type { AccountMenuAction, RenderAccountMenu } from './accountMenu';

export interface UserMenuProps {
  /** Where "Your Profile" goes. */
  profileHref: string;
}

/**
 * The user's menu: greeting, profile, kubeconfig download, MCP setup and the selector tool (when
 * the app supplies their dialogs), the console's and the backend's versions, and Sign out (which keeps the current path
 * and query).
 */
export function UserMenu({ profileHref }: UserMenuProps) {
  const user = useSelector(selectCurrentUser);
  const {
    version,
    onSignOut,
    mcpSetupDialog: McpSetupDialog,
    selectorTool: SelectorTool,
    viewAsScope,
  } = useShellOptions();
  // Only those who may write access rules may see the console as a Scope (the backend refuses others).
  const ViewAsScope = useCan('rbac', 'write') ? viewAsScope : undefined;
  const { data: about } = useGetAboutQuery();
  const navigate = useNavigate();
  const location = useLocation();
  const [kubeconfigOpen, setKubeconfigOpen] = useState(false);
  const [mcpOpen, setMcpOpen] = useState(false);
  const [selectorToolOpen, setSelectorToolOpen] = useState(false);
  const [viewAsScopeOpen, setViewAsScopeOpen] = useState(false);
  const renderAccountMenu = useContext(AccountMenuContext);
  const name = user?.name ?? '';

  const downloadKubeconfig = () => {
    window.open(KUBECONFIG_DOWNLOAD_URL, '_blank', 'noopener');
    setKubeconfigOpen(true);
  };

  const dialogs = (
    <>
      <LazyDialog isOpen={kubeconfigOpen}>
        <KubeconfigDialog isOpen={kubeconfigOpen} onClose={() => setKubeconfigOpen(false)} />
      </LazyDialog>
      {McpSetupDialog && mcpOpen && (
        <Suspense fallback={null}>
          <McpSetupDialog isOpen onClose={() => setMcpOpen(false)} />
        </Suspense>
      )}
      {SelectorTool && selectorToolOpen && (
        <Suspense fallback={null}>
          <SelectorTool isOpen onClose={() => setSelectorToolOpen(false)} />
        </Suspense>
      )}
      {ViewAsScope && viewAsScopeOpen && (
        <Suspense fallback={null}>
          <ViewAsScope isOpen onClose={() => setViewAsScopeOpen(false)} />
        </Suspense>
      )}
    </>
  );

  if (renderAccountMenu) {
    const actions: AccountMenuAction[] = [
      { label: 'Download kubeconfig', icon: 'download', onClick: downloadKubeconfig },
    ];
    if (McpSetupDialog) {
      actions.push({ label: 'Setup MCP', icon: 'key', onClick: () => setMcpOpen(true) });
    }
    if (SelectorTool) {
      actions.push({
        label: SELECTOR_TOOL_ITEM,
        icon: 'filter',
        onClick: () => setSelectorToolOpen(true),
      });
    }
    if (ViewAsScope) {
      actions.push({
        label: VIEW_AS_SCOPE_ITEM,
        icon: 'eye-open',
        onClick: () => setViewAsScopeOpen(true),
      });
    }
    return (
      <>
        {renderAccountMenu(actions)}
        {dialogs}
      </>
    );
  }

  return (
    <>
      <PopoverNext
        // An item may open a dialog, which takes the focus: the menu does not hand it back.
        shouldReturnFocusOnClose={false}
        placement="bottom-end"
        content={
          <Menu aria-label="User menu">
            <MenuDivider title={name ? `Hi ${name}` : 'Hi'} />
            <MenuItem icon="user" text="Your Profile" onClick={() => navigate(profileHref)} />
            <MenuItem icon="download" text="Download kubeconfig" onClick={downloadKubeconfig} />
            {McpSetupDialog && (
              <MenuItem icon="key" text="Setup MCP" onClick={() => setMcpOpen(true)} />
            )}
            {SelectorTool && (
              <MenuItem
                icon="filter"
                text={SELECTOR_TOOL_ITEM}
                onClick={() => setSelectorToolOpen(true)}
              />
            )}
            {ViewAsScope && (
              <MenuItem
                icon="eye-open"
                text={VIEW_AS_SCOPE_ITEM}
                onClick={() => setViewAsScopeOpen(true)}
              />
            )}
            <MenuDivider />
            <li className={`mc-version ${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>
              <div>Console {version || UNKNOWN_VERSION}</div>
              <div>Backend {about?.Version || UNKNOWN_VERSION}</div>
            </li>
            {onSignOut && (
              <>
                <MenuDivider />
                <MenuItem
                  icon="log-out"
                  text="Sign out"
                  onClick={() => void onSignOut(`${location.pathname}${location.search}`)}
                />
              </>
            )}
          </Menu>
        }
      >
        <Button
          variant="minimal"
          icon="user"
          aria-label="User menu"
          text={<span className="mc-user-name">{name}</span>}
        />
      </PopoverNext>
      {dialogs}
    </>
  );
}
