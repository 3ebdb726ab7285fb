import { Button, Checkbox, DialogBody, DialogFooter, InputGroup } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useGetScopesQuery } from '../../../api/endpoints/scopes';
import { scopeLabel } from '../../../auth/impersonationSlice';
import { AppDialog } from '../../../ui/AppDialog';
import { LoadErrorCallout } from '../../../ui/LoadErrorCallout';
import { QueryView } from '../../../ui/QueryView';
import { queryViewState } from '../../../widgets/tableQueryState';
import { useViewAsScope } from './useViewAsScope';
import './viewAs.css';

/** The dialog's own words. */
export const VIEW_AS_SCOPE_LABELS = {
  title: 'View as scope',
  intro:
    'See the console as a user limited to these scopes sees it: every list, count and search shows only what they allow, until you stop.',
  filter: 'Filter scopes',
  scopes: 'Scopes',
  loading: 'Loading scopes',
  loadError: 'The scopes could not be loaded',
  none: 'No scopes have been defined yet.',
  noMatch: 'No scopes match the filter.',
  submit: 'View as scope',
  checking: 'Checking',
  failed: 'The console cannot be viewed as these scopes',
  cancel: 'Cancel',
} as const;

export interface ViewAsScopeDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/**
 * The user menu's "View as scope": choose one or more Scopes, then the backend is asked once as
 * them (a refusal is shown here and changes nothing) and the whole console is seen as them.
 */
export function ViewAsScopeDialog({ isOpen, onClose }: ViewAsScopeDialogProps) {
  const query = useGetScopesQuery();
  const flow = useViewAsScope(onClose);
  const [filter, setFilter] = useState('');
  const chosen = useMemo(() => new Set(flow.scopes.map((scope) => scope.id)), [flow.scopes]);
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return (query.data ?? []).filter(
      (scope) => needle === '' || scopeLabel(scope).toLowerCase().includes(needle),
    );
  }, [query.data, filter]);
  const busy = flow.phase === 'probing';
  const toggle = (scope: { id: string; name: string; namespace?: string | null }) =>
    flow.change(
      chosen.has(scope.id)
        ? flow.scopes.filter((entry) => entry.id !== scope.id)
        : [...flow.scopes, { id: scope.id, name: scope.name, namespace: scope.namespace ?? null }],
    );
  return (
    <AppDialog
      isOpen={isOpen}
      onClose={onClose}
      title={VIEW_AS_SCOPE_LABELS.title}
      icon="eye-open"
      expandable={false}
    >
      <DialogBody className="mc-view-as-scope">
        <p>{VIEW_AS_SCOPE_LABELS.intro}</p>
        <QueryView
          {...queryViewState(query)}
          size="panel"
          loadingLabel={VIEW_AS_SCOPE_LABELS.loading}
          errorTitle={VIEW_AS_SCOPE_LABELS.loadError}
        >
          {() =>
            (query.data ?? []).length === 0 ? (
              <p>{VIEW_AS_SCOPE_LABELS.none}</p>
            ) : (
              <>
                <InputGroup
                  leftIcon="search"
                  placeholder={VIEW_AS_SCOPE_LABELS.filter}
                  aria-label={VIEW_AS_SCOPE_LABELS.filter}
                  value={filter}
                  onValueChange={setFilter}
                  autoFocus
                />
                <fieldset className="mc-view-as-scope-list" disabled={busy}>
                  <legend className="bp6-text-muted">{VIEW_AS_SCOPE_LABELS.scopes}</legend>
                  {shown.length === 0 && <p>{VIEW_AS_SCOPE_LABELS.noMatch}</p>}
                  {shown.map((scope) => (
                    <Checkbox
                      key={scope.id}
                      checked={chosen.has(scope.id)}
                      onChange={() => toggle(scope)}
                      labelElement={
                        <>
                          <strong>{scopeLabel(scope)}</strong>
                          {scope.description ? (
                            <span className="bp6-text-muted"> — {scope.description}</span>
                          ) : null}
                        </>
                      }
                    />
                  ))}
                </fieldset>
              </>
            )
          }
        </QueryView>
        {flow.phase === 'failed' && (
          <LoadErrorCallout
            title={VIEW_AS_SCOPE_LABELS.failed}
            message={flow.error ?? ''}
            onRetry={flow.retry}
          />
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={VIEW_AS_SCOPE_LABELS.cancel} onClick={onClose} />
            <Button
              intent="primary"
              icon="eye-open"
              text={busy ? VIEW_AS_SCOPE_LABELS.checking : VIEW_AS_SCOPE_LABELS.submit}
              loading={busy}
              disabled={flow.scopes.length === 0 || flow.phase === 'failed'}
              onClick={flow.submit}
            />
          </>
        }
      />
    </AppDialog>
  );
}
