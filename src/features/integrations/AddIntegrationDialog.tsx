import { Button, Card, DialogBody, DialogFooter, H5, Icon, NonIdealState } from '@blueprintjs/core';
import { useFeatureFlags } from '../../auth/hooks';
import { AppDialog } from '../../ui/AppDialog';
import { Slot } from '../../widgets/slots/SlotsProvider';
import type {
  DirectOption,
  GitOpsOption,
  IntegrationOption,
} from '../../../machines/integrations/addIntegration';
import { isGitOpsOption } from '../../../machines/integrations/addIntegration';
import { GitOpsPanel } from './GitOpsPanel';
import { LogBackendForm } from './LogBackendForm';
import { TopologyForm } from './TopologyForm';
import type { OptionInfo } from './model/options';
import {
  DIRECT_INFO,
  GITOPS_INFO,
  WIZARD_TEXT,
  directOptions,
  gitOpsOptions,
  wizardTitle,
} from './model/options';
import type { AddIntegrationView } from './useAddIntegration';
import { useAddIntegration } from './useAddIntegration';

export interface AddIntegrationDialogProps {
  /** Called when the wizard ends: saved (the list is refreshed) or closed. */
  onClose: () => void;
}

/** The words shown when the scraper editor was not handed to the page. */
export const SCRAPER_EDITOR_UNAVAILABLE = 'The scraper editor is not available in this console.';

function Tile({
  option,
  info,
  onPick,
}: {
  option: IntegrationOption;
  info: OptionInfo;
  onPick: (option: IntegrationOption) => void;
}) {
  return (
    <li>
      <Card
        interactive
        compact
        className="mc-integration-tile"
        role="button"
        tabIndex={0}
        aria-label={info.label}
        onClick={() => onPick(option)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            onPick(option);
          }
        }}
      >
        <Icon icon={info.icon} size={24} aria-hidden />
        <span>{info.label}</span>
      </Card>
    </li>
  );
}

function Tiles({ view, logsEnabled }: { view: AddIntegrationView; logsEnabled: boolean }) {
  return (
    <div className="mc-integration-tiles">
      <section aria-labelledby="integration-gitops">
        <H5 id="integration-gitops">{WIZARD_TEXT.gitOps}</H5>
        <ul>
          {gitOpsOptions().map((option: GitOpsOption) => (
            <Tile key={option} option={option} info={GITOPS_INFO[option]} onPick={view.pick} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="integration-direct">
        <H5 id="integration-direct">{WIZARD_TEXT.direct}</H5>
        <ul>
          {directOptions(logsEnabled).map((option: DirectOption) => (
            <Tile key={option} option={option} info={DIRECT_INFO[option]} onPick={view.pick} />
          ))}
        </ul>
      </section>
    </div>
  );
}

/** The chosen direct option's form; saving goes through the wizard's machine. */
function DirectForm({ option, view }: { option: DirectOption; view: AddIntegrationView }) {
  const save = (values: object) => view.submit(values as Record<string, unknown>);
  switch (option) {
    case 'topology':
      return <TopologyForm save={save} />;
    case 'log-backend':
      return <LogBackendForm save={save} />;
    case 'scraper':
      return (
        <Slot
          name="TypedEditor"
          family="scraper"
          save={save}
          fallback={<NonIdealState icon="disable" title={SCRAPER_EDITOR_UNAVAILABLE} />}
        />
      );
  }
}

/**
 * The Add Integration wizard (spec 002 §2.3, §4.2), full size: the tiles first (Add via GitOps;
 * Add Directly, Log Backends only while the logs feature is on), then the chosen option: the
 * GitOps output, or the form that adds the record. Back forgets the choice; a save refreshes
 * the list and closes.
 */
export function AddIntegrationDialog({ onClose }: AddIntegrationDialogProps) {
  const view = useAddIntegration(onClose);
  const { flags } = useFeatureFlags();
  const { option } = view;
  return (
    <AppDialog
      isOpen
      size="full"
      onClose={view.close}
      title={wizardTitle(option)}
      icon="add"
      className="mc-add-integration"
    >
      <DialogBody>
        {option === undefined && <Tiles view={view} logsEnabled={flags.isEnabled('logs')} />}
        {option !== undefined && isGitOpsOption(option) && <GitOpsPanel option={option} />}
        {option !== undefined && !isGitOpsOption(option) && (
          <DirectForm option={option} view={view} />
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {option !== undefined && (
              <Button
                icon="arrow-left"
                text={WIZARD_TEXT.back}
                disabled={view.phase === 'saving'}
                onClick={view.back}
              />
            )}
            <Button text={WIZARD_TEXT.close} onClick={view.close} />
          </>
        }
      />
    </AppDialog>
  );
}
