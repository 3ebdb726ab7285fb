import { Icon, Tag, Tooltip } from '@blueprintjs/core';
import type { Intent } from '@blueprintjs/core';
import type { RuleService, RuleSummary } from '../../../api/schemas/notificationRules';
import { formatLatency } from '../../../lib/durations';
import { relativeOrDate } from '../../../lib/relativeTime';
import type { FormatDateFn } from '../../../shell/useFormatDate';
import { PersonLabel } from '../../../ui/Avatar';
import type { DataTableColumn } from '../../../ui/DataTable/DataTable';
import { toCount } from '../history/model/sends';
import type { AnyChannelTypeId } from '../model/channelTypes';
import { RAW_CHANNEL_TYPE, channelLabel, channelType } from '../model/channelTypes';
import { channelOfService } from './model/ruleForm';
import { nameColumn } from '../../../widgets/columns';

/** Events shown before the rest are counted as `+N`. */
export const SHOWN_EVENTS = 3;

/** A rule's name for its row: `namespace/name`, or its title, or its id. */
export function ruleName(rule: Pick<RuleSummary, 'id' | 'name' | 'namespace' | 'title'>): string {
  if (rule.name) return rule.namespace ? `${rule.namespace}/${rule.name}` : rule.name;
  return rule.title || rule.id;
}

/** The icon of a channel type (a link for a raw URL). */
export function channelIcon(type: AnyChannelTypeId | '') {
  if (!type || type === RAW_CHANNEL_TYPE) return 'link' as const;
  return channelType(type).icon;
}

/** The channel type of a saved custom service (its URL's scheme, or its name). */
export function serviceType(service: RuleService): AnyChannelTypeId {
  const type = channelOfService(service).type;
  return type === '' ? RAW_CHANNEL_TYPE : type;
}

/** One custom service: its type's icon and label, and its name. */
function ServiceLabel({ service }: { service: RuleService }) {
  const type = serviceType(service);
  const label = channelLabel(type);
  return (
    <span className="mc-rule-service" title={service.name ?? label}>
      <Icon icon={channelIcon(type)} aria-hidden />
      <span>{label}</span>
    </span>
  );
}

export interface RuleRecipientProps {
  rule: RuleSummary;
  /** The title of a playbook by id (PB-01); the word "Playbook" when unknown. */
  playbookTitle?: (id: string) => string | undefined;
}

/** Who a rule notifies: a person (avatar and name), a team, its channels, or a playbook. */
export function RuleRecipient({ rule, playbookTitle }: RuleRecipientProps) {
  if (rule.person_id) return <PersonLabel person={rule.person} fallback={rule.person_id} />;
  if (rule.team_id) {
    return (
      <span className="mc-rule-team">
        <Icon icon="people" aria-hidden />
        <span>{rule.team?.name || rule.team_id}</span>
      </span>
    );
  }
  const services = rule.custom_services ?? [];
  if (services.length > 0) {
    return (
      <span className="mc-rule-services">
        {services.map((service, index) => (
          <ServiceLabel key={`${service.name ?? ''}-${index}`} service={service} />
        ))}
      </span>
    );
  }
  if (rule.playbook_id) {
    return (
      <span className="mc-rule-playbook">
        <Icon icon="play" aria-hidden />
        <span>{playbookTitle?.(rule.playbook_id) ?? 'Playbook'}</span>
      </span>
    );
  }
  return null;
}

/** A rule's events as tags, the first few shown and the rest counted. */
export function EventTags({ events }: { events: readonly string[] | null | undefined }) {
  const all = events ?? [];
  const hidden = all.length - SHOWN_EVENTS;
  return (
    <span className="mc-rule-events" title={all.join(', ')}>
      {all.slice(0, SHOWN_EVENTS).map((event) => (
        <Tag key={event} minimal>
          {event}
        </Tag>
      ))}
      {hidden > 0 && <Tag minimal>+{hidden}</Tag>}
    </span>
  );
}

const JOB_INTENTS: Record<string, Intent> = {
  SUCCESS: 'success',
  FAILED: 'danger',
  WARNING: 'warning',
  RUNNING: 'primary',
};

/** The job's errors (`job_details.errors`) as lines of text. */
export function jobErrors(rule: Pick<RuleSummary, 'job_details'>): string[] {
  const errors = rule.job_details?.errors;
  if (errors === undefined || errors === null) return [];
  const list = Array.isArray(errors) ? errors : [errors];
  return list.map((error) => (typeof error === 'string' ? error : JSON.stringify(error)));
}

/** The rule's job status as a tag; its errors, if any, in a tooltip. */
export function JobStatus({ rule }: { rule: RuleSummary }) {
  if (!rule.job_status) return null;
  const errors = jobErrors(rule);
  const tag = (
    <Tag minimal intent={JOB_INTENTS[rule.job_status.toUpperCase()] ?? 'none'}>
      {rule.job_status}
    </Tag>
  );
  if (errors.length === 0) return tag;
  return (
    <Tooltip
      compact
      content={
        <ul className="mc-rule-job-errors">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      }
    >
      {tag}
    </Tooltip>
  );
}

/** Text cut to one line, whole in its tooltip. */
function Truncated({ text, code = false }: { text: string | null | undefined; code?: boolean }) {
  if (!text) return null;
  const Tag = code ? 'code' : 'span';
  return (
    <Tag className="mc-rule-truncated" title={text}>
      {text}
    </Tag>
  );
}

const count = (
  id: 'sent' | 'failed' | 'pending',
  header: string,
): DataTableColumn<RuleSummary> => ({
  id,
  header,
  sortKey: id,
  width: 72,
  align: 'right',
  cell: (row) => toCount(row[id]),
});

export interface RuleColumnsOptions {
  formatDate: FormatDateFn;
  now: Date;
  /** The title of a playbook by id, for playbook recipients. */
  playbookTitle?: (id: string) => string | undefined;
}

/**
 * The rules list's columns: Name (title over `namespace/name`, a title that is a template left
 * out; the source when not the console and the job status as tags), Events, Recipient, Filter,
 * Sent, Failed, Pending, Avg duration, Most common error and Created: within 1440 px. The
 * columns of the view sort on the server.
 */
export function ruleColumns({
  formatDate,
  now,
  playbookTitle,
}: RuleColumnsOptions): DataTableColumn<RuleSummary>[] {
  return [
    nameColumn(
      (row) => {
        const title = row.title && !row.title.includes('{{') ? row.title : undefined;
        const source = row.source && row.source !== 'UI' ? row.source : undefined;
        return (
          <span className="mc-rule-name">
            {title && <span className="mc-rule-title">{title}</span>}
            <span className={title ? 'mc-rule-id' : 'mc-rule-title'}>{ruleName(row)}</span>
            {(source || row.job_status) && (
              <span className="mc-rule-badges">
                {source && (
                  <Tag minimal title="Source">
                    {source}
                  </Tag>
                )}
                <JobStatus rule={row} />
              </span>
            )}
          </span>
        );
      },
      { minWidth: 190 },
    ),
    {
      id: 'events',
      header: 'Events',
      minWidth: 160,
      cell: (row) => <EventTags events={row.events} />,
    },
    {
      id: 'recipient',
      header: 'Recipient',
      minWidth: 130,
      cell: (row) => <RuleRecipient rule={row} playbookTitle={playbookTitle} />,
    },
    {
      id: 'filter',
      header: 'Filter',
      sortKey: 'filter',
      minWidth: 130,
      cell: (row) => <Truncated text={row.filter} code />,
    },
    count('sent', 'Sent'),
    count('failed', 'Failed'),
    count('pending', 'Pending'),
    {
      id: 'avg_duration_ms',
      header: 'Avg duration',
      sortKey: 'avg_duration_ms',
      width: 104,
      align: 'right',
      cell: (row) =>
        row.avg_duration_ms === null || row.avg_duration_ms === undefined
          ? null
          : formatLatency(Number(row.avg_duration_ms)),
    },
    {
      id: 'most_common_error',
      header: 'Most common error',
      minWidth: 150,
      cell: (row) => <Truncated text={row.most_common_error} />,
    },
    {
      id: 'created_at',
      header: 'Created',
      sortKey: 'created_at',
      width: 100,
      cell: (row) =>
        row.created_at ? (
          <time dateTime={row.created_at} title={formatDate(row.created_at)}>
            {relativeOrDate(row.created_at, formatDate, now)}
          </time>
        ) : null,
    },
  ];
}
