import type { AnyStateMachine } from 'xstate';
import { mergeExternalUsersMachine } from './access/mergeExternalUsers';
import { chatMachine } from './assistant/chat';
import { selfServiceFlowMachine } from './auth/selfServiceFlow';
import { typePickerMachine } from './editors/typePicker';
import { bulkRunMachine } from './health/bulkRun';
import { runNowMachine } from './health/runNow';
import { linkToIncidentMachine } from './incidents/linkToIncident';
import { accessCheckMachine } from './permissions/accessCheck';
import { scopeImpersonationMachine } from './auth/scopeImpersonation';
import { subjectGrantMachine } from './permissions/subjectGrant';
import { addIntegrationMachine } from './integrations/addIntegration';
import { commandPaletteMachine } from './palette/commandPalette';
import { retryFromActionMachine } from './playbooks/retryFromAction';
import { runPlaybookMachine } from './playbooks/runPlaybook';
import { runScraperMachine } from './scrapers/runScraper';
import { sessionMachine } from './shell/session';
import { sessionRenewalMachine } from './shell/sessionRenewal';
import { createTokenMachine } from './tokens/createToken';

/** A machine of the console, as the flow inspector and the flows page name it. */
export interface RegisteredMachine {
  /** The machine's own id (`machine.id`), also the id of its root state. */
  id: string;
  /** What the flow is, in the user's words. */
  label: string;
  /** Where it is defined, under `machines/`. */
  file: string;
  machine: AnyStateMachine;
}

function entry(machine: AnyStateMachine, label: string, file: string): RegisteredMachine {
  return { id: machine.id, label, file, machine };
}

/**
 * Every machine defined under `machines/`, in the order the flows page lists them. A test
 * fails when a machine file is missing here.
 */
export const machineRegistry: readonly RegisteredMachine[] = [
  entry(selfServiceFlowMachine, 'Sign-in flow', 'auth/selfServiceFlow.ts'),
  entry(sessionMachine, 'Session', 'shell/session.ts'),
  entry(sessionRenewalMachine, 'Signing in again', 'shell/sessionRenewal.ts'),
  entry(createTokenMachine, 'Token dialog', 'tokens/createToken.ts'),
  entry(runNowMachine, 'Run now', 'health/runNow.ts'),
  entry(bulkRunMachine, 'Run selected checks', 'health/bulkRun.ts'),
  entry(linkToIncidentMachine, 'Link to incident', 'incidents/linkToIncident.ts'),
  entry(runPlaybookMachine, 'Run playbook', 'playbooks/runPlaybook.ts'),
  entry(retryFromActionMachine, 'Retry a run from an action', 'playbooks/retryFromAction.ts'),
  entry(typePickerMachine, 'Type picker', 'editors/typePicker.ts'),
  entry(addIntegrationMachine, 'Add integration', 'integrations/addIntegration.ts'),
  entry(commandPaletteMachine, 'Command palette', 'palette/commandPalette.ts'),
  entry(mergeExternalUsersMachine, 'Merge external users', 'access/mergeExternalUsers.ts'),
  entry(runScraperMachine, 'Run a scraper now', 'scrapers/runScraper.ts'),
  entry(accessCheckMachine, 'Access check', 'permissions/accessCheck.ts'),
  entry(scopeImpersonationMachine, 'View as scope', 'auth/scopeImpersonation.ts'),
  entry(subjectGrantMachine, 'Change a subject’s direct access', 'permissions/subjectGrant.ts'),
  entry(chatMachine, 'Assistant chat', 'assistant/chat.ts'),
];

/** The registered machine with this id, if any. */
export function findMachine(id: string): RegisteredMachine | undefined {
  return machineRegistry.find((registered) => registered.id === id);
}
