import { Button } from '@blueprintjs/core';
import type { PlaybookRunDetail } from '../../../api/schemas/playbooks';
import { boolean, defineUrlState } from '../../../lib/urlState';
import { useUrlState } from '../../../widgets/useUrlState';
import type { RunPlaybookArgs } from '../../../api/endpoints/playbooks';
import { lazyPart } from '../../../ui/LazyPart';

// The run form loads when it is opened, from the button or from the address.
const RunPlaybookDialog = lazyPart(
  async () => (await import('../run/RunPlaybookDialog')).RunPlaybookDialog,
);

/** The Resubmit dialog's place in the run page's address (`?resubmit=1`): a link opens it. */
export const RESUBMIT_STATE = defineUrlState({
  resubmit: boolean({ words: ['1', '0'], alsoTrue: ['true'], history: 'push' }),
});

export interface ResubmitButtonProps {
  run: PlaybookRunDetail;
  /** The run's playbook, resource and parameters (`rerunArgs`). */
  again: RunPlaybookArgs;
}

/**
 * Resubmit: the run dialog for the run's playbook and resource, its form started from the
 * run's parameters and editable; Run starts a new run with what it holds and opens it. The
 * dialog is held in the address (`?resubmit=1`), so a link can open it.
 */
export function ResubmitButton({ run, again }: ResubmitButtonProps) {
  const { state, set } = useUrlState(RESUBMIT_STATE);
  const resource = again.resource;
  return (
    <>
      <Button icon="edit" text="Resubmit" onClick={() => set('resubmit', true)} />
      {state.resubmit === true && (
        <RunPlaybookDialog
          playbook={{
            id: again.playbookId,
            ...(run.playbooks?.name ? { name: run.playbooks.name } : {}),
            ...(run.playbooks?.title ? { title: run.playbooks.title } : {}),
            spec: run.playbooks?.spec,
          }}
          {...(resource ? { resource: { [`${resource.kind}_id`]: resource.id } } : {})}
          initialParams={again.params ?? {}}
          onClose={() => set('resubmit', undefined)}
        />
      )}
    </>
  );
}
