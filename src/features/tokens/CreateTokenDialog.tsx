import './tokens.css';
import type { TokenDialogMode } from './model/tokenDraft';
import { grantsMcp } from './model/tokenDraft';
import { AppDialog } from '../../ui/AppDialog';
import { CreatedToken } from './CreatedToken';
import { TokenForm } from './TokenForm';
import { useTokenDialog } from './useTokenDialog';

export const TOKEN_DIALOG_TITLES = {
  token: 'Create new token',
  mcp: 'Setup MCP',
  created: 'Token Created Successfully',
} as const;

export interface CreateTokenDialogProps {
  /** Whether the dialog is shown. Each opening starts a new form. */
  isOpen: boolean;
  /** Called once the dialog is closed; the token is forgotten by then. */
  onClose: () => void;
  /**
   * `token` (default): the tokens page, Read preset. `mcp`: MCP setup, Custom with only mcp,
   * followed by the client configuration.
   */
  mode?: TokenDialogMode;
}

function TokenDialog({ mode, onClose }: { mode: TokenDialogMode; onClose: () => void }) {
  const dialog = useTokenDialog(mode, onClose);
  const created = dialog.phase === 'created' && dialog.token !== undefined;
  return (
    <AppDialog
      isOpen={dialog.phase !== 'closed'}
      onClose={dialog.close}
      icon={created ? 'tick-circle' : 'key'}
      title={created ? TOKEN_DIALOG_TITLES.created : TOKEN_DIALOG_TITLES[mode]}
      size={created && grantsMcp(dialog.draft) ? 'large' : 'medium'}
    >
      {created ? (
        <CreatedToken
          token={dialog.token ?? ''}
          revealed={dialog.revealed}
          showMcp={grantsMcp(dialog.draft)}
          onReveal={dialog.reveal}
          onHide={dialog.hide}
          onCopy={dialog.copy}
          onClose={dialog.close}
        />
      ) : (
        <TokenForm
          initialValues={dialog.draft}
          creating={dialog.phase === 'creating'}
          error={dialog.phase === 'failed' ? dialog.error : undefined}
          onSubmit={dialog.submit}
          onCancel={dialog.close}
        />
      )}
    </AppDialog>
  );
}

/**
 * Creates an API token: the form, then the token shown once (hidden as dots until revealed).
 * Driven by the `createToken` machine; closing discards the token.
 */
export function CreateTokenDialog({ isOpen, onClose, mode = 'token' }: CreateTokenDialogProps) {
  return isOpen ? <TokenDialog mode={mode} onClose={onClose} /> : <></>;
}
