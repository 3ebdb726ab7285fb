import type { DiagnoseFailureProps, SendToAiProps } from './slots/slotTypes';
import { Slot } from './slots/SlotsProvider';

/*
 * The assistant's entries on other areas' pages. The app supplies them as slots, so no area
 * imports the assistant; each shows nothing while the assistant is not offered.
 */

/** "Send to AI" on a config item. */
export function SendToAi(props: SendToAiProps) {
  return <Slot name="SendToAi" {...props} />;
}

/** "Diagnose failure" on a failed playbook run. */
export function DiagnoseFailure(props: DiagnoseFailureProps) {
  return <Slot name="DiagnoseFailure" {...props} />;
}
