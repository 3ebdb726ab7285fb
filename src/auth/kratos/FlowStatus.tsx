import { Button, Callout, Intent, Spinner, SpinnerSize } from '@blueprintjs/core';
import type { SelfServiceFlowView } from './useSelfServiceFlow';

export interface FlowStatusProps {
  view: SelfServiceFlowView;
}

/** What a flow page shows while there is no form: a spinner, or why loading failed and Retry. */
export function FlowStatus({ view }: FlowStatusProps) {
  if (view.phase === 'failed') {
    return (
      <Callout intent={Intent.DANGER} role="alert">
        <p>{view.error}</p>
        <Button text="Retry" onClick={view.retry} />
      </Callout>
    );
  }
  return <Spinner size={SpinnerSize.SMALL} aria-label="Loading" />;
}
