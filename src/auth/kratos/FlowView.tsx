import { FlowForm } from './FlowForm';
import { FlowMessages } from './FlowMessages';
import { FlowStatus } from './FlowStatus';
import type { SelfServiceFlowView } from './useSelfServiceFlow';

export interface FlowViewProps {
  view: SelfServiceFlowView;
  /** Accessible name of the form. */
  formLabel: string;
}

/** A whole flow as one form: messages above it, every node inside it. */
export function FlowView({ view, formLabel }: FlowViewProps) {
  const { flow } = view;
  if (!flow || (view.phase !== 'ready' && view.phase !== 'submitting')) {
    return <FlowStatus view={view} />;
  }
  return (
    <>
      <FlowMessages messages={flow.ui.messages} notice={view.notice} />
      <FlowForm
        label={formLabel}
        nodes={flow.ui.nodes}
        values={view.values}
        disabled={view.phase === 'submitting'}
        onValueChange={view.change}
        onSubmit={view.submit}
      />
    </>
  );
}
