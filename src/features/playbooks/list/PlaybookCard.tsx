import type { ButtonProps } from '@blueprintjs/core';
import { Button, Icon, Tag } from '@blueprintjs/core';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { PlaybookRun } from '../../../api/schemas/playbooks';
import { shortAge } from '../../../lib/relativeTime';
import { paths } from '../../../shell/paths';
import { AccessCheckButton } from '../../../widgets/AccessCheckButton';
import type { PlaybookEntry } from './model/playbookList';
import { statusLabel, statusTone } from '../model/runStatus';
import { RESOURCE_KIND_LABELS } from './model/playbookList';

/** The card's own words. */
export const PLAYBOOK_CARD_LABELS = {
  run: 'Run',
  runs: 'Runs',
  recentRuns: 'Recent runs',
  noRuns: 'No recent runs',
  runsOn: 'Runs on',
  edit: 'Edit',
  permissions: 'Permissions',
} as const;

export interface PlaybookCardProps {
  playbook: PlaybookEntry;
  /** Its latest runs, newest first. */
  runs: readonly PlaybookRun[];
  /** Opens the run dialog; no Run button without it (the user may not run playbooks). */
  onRun?: (playbook: PlaybookEntry) => void;
  /** Opens the spec form; no Edit button without it (the user may not change playbooks). */
  onEdit?: (playbook: PlaybookEntry) => void;
  /** Opens its permissions; no Permissions button without it (the user may not read them). */
  onPermissions?: (playbook: PlaybookEntry) => void;
  /** Opens the access check on it; no Check access button without it. */
  onCheckAccess?: (playbook: PlaybookEntry) => void;
  /** Now, for the runs' ages. */
  now: Date;
}

interface CardActionProps extends Pick<ButtonProps, 'icon' | 'intent' | 'variant'> {
  action: 'edit' | 'run' | 'permissions';
  playbook: PlaybookEntry;
  onClick: (playbook: PlaybookEntry) => void;
}

/** A card's Permissions, Edit or Run button, named with the playbook's title. */
function CardAction({ action, playbook, onClick, ...look }: CardActionProps) {
  const text = PLAYBOOK_CARD_LABELS[action];
  return (
    <Button
      size="small"
      {...look}
      text={text}
      aria-label={`${text} ${playbook.title}`}
      onClick={() => onClick(playbook)}
    />
  );
}

/**
 * A playbook on `/playbooks`: icon, title, description, the resource kinds it runs on, its
 * latest runs (each a link to the run), a Run button, an Edit button, a Permissions button and a
 * link to all its runs.
 */
export function PlaybookCard({
  playbook,
  runs,
  onRun,
  onEdit,
  onPermissions,
  onCheckAccess,
  now,
}: PlaybookCardProps) {
  const titleId = useId();
  return (
    <article className="mc-playbook-card" aria-labelledby={titleId}>
      <header className="mc-playbook-card-header">
        <Icon icon={playbook.icon} size={20} className="mc-playbook-card-icon" />
        <h3 id={titleId} className="mc-playbook-card-title" title={playbook.name}>
          {playbook.title}
        </h3>
      </header>
      {playbook.description && (
        <p className="mc-playbook-card-description">{playbook.description}</p>
      )}
      {playbook.kinds.length > 0 && (
        <div className="mc-playbook-card-kinds" aria-label={PLAYBOOK_CARD_LABELS.runsOn}>
          {playbook.kinds.map((kind) => (
            <Tag key={kind} minimal round>
              {RESOURCE_KIND_LABELS[kind]}
            </Tag>
          ))}
        </div>
      )}
      <RecentRuns runs={runs} now={now} />
      <footer className="mc-playbook-card-actions">
        <Link
          className="mc-playbook-card-runs"
          to={paths.playbookRuns.getHref(playbook.id)}
          aria-label={`${PLAYBOOK_CARD_LABELS.runs} of ${playbook.title}`}
        >
          <Icon icon="history" size={14} />
          {PLAYBOOK_CARD_LABELS.runs}
        </Link>
        {onPermissions && (
          <CardAction
            action="permissions"
            icon="shield"
            variant="minimal"
            playbook={playbook}
            onClick={onPermissions}
          />
        )}
        {onCheckAccess && (
          <AccessCheckButton
            size="small"
            variant="minimal"
            iconOnly
            name={playbook.title}
            onClick={() => onCheckAccess(playbook)}
          />
        )}
        {onEdit && (
          <CardAction
            action="edit"
            icon="edit"
            variant="minimal"
            playbook={playbook}
            onClick={onEdit}
          />
        )}
        {onRun && (
          <CardAction
            action="run"
            icon="play"
            intent="primary"
            playbook={playbook}
            onClick={onRun}
          />
        )}
      </footer>
    </article>
  );
}

/** The latest runs as coloured marks, each linking to its run page. */
function RecentRuns({ runs, now }: { runs: readonly PlaybookRun[]; now: Date }) {
  if (runs.length === 0) {
    return <p className="mc-playbook-card-no-runs">{PLAYBOOK_CARD_LABELS.noRuns}</p>;
  }
  return (
    <ul className="mc-playbook-card-recent" aria-label={PLAYBOOK_CARD_LABELS.recentRuns}>
      {runs.map((run) => {
        const age = run.created_at ? shortAge(run.created_at, now) : '';
        const label = age ? `${statusLabel(run.status)}, ${age} ago` : statusLabel(run.status);
        return (
          <li key={run.id}>
            <Link
              to={paths.playbookRun.getHref(run.id)}
              className={`mc-playbook-run-mark mc-playbook-run-mark--${statusTone(run.status)}`}
              aria-label={label}
              title={label}
            />
          </li>
        );
      })}
    </ul>
  );
}
