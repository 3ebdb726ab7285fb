import { Tag } from '@blueprintjs/core';
import type { Intent } from '@blueprintjs/core';
import type { ConfigChange } from '../../../../api/schemas/configItem';
import { relativeOrDate } from '../../../../lib/relativeTime';
import { paths } from '../../../../shell/paths';
import type { FormatDateFn } from '../../../../shell/useFormatDate';
import type { DataTableColumn } from '../../../../ui/DataTable/DataTable';
import { TagList } from '../../../../ui/TagList';
import { ConfigName } from '../../../../widgets/ConfigIcon';
import { ItemLink } from '../ItemLink';
import { statusWord } from '../model/format';

const SEVERITY_INTENTS: Record<string, Intent> = {
  critical: 'danger',
  high: 'danger',
  medium: 'warning',
  low: 'primary',
};

/** The text of the "new" mark of a change that arrived while following. */
export const NEW_CHANGE = 'New';

/** The class of a row that arrived while following. */
export const NEW_ROW_CLASS = 'mc-change-row--new';

/** The "New" mark of a change that arrived while the list was followed. */
export function NewChangeMark() {
  return (
    <Tag minimal round intent="success" className="mc-change-new">
      {NEW_CHANGE}
    </Tag>
  );
}

/** A severity as a small coloured tag. */
export function SeverityTag({ severity }: { severity: string | null | undefined }) {
  if (!severity) return null;
  return (
    <Tag minimal intent={SEVERITY_INTENTS[severity.toLowerCase()] ?? 'none'}>
      {statusWord(severity)}
    </Tag>
  );
}

/**
 * Who made a change: the external author, else the person (their name from `people` when
 * only the id is known, else the id).
 */
export function changeAuthor(
  change: Pick<ConfigChange, 'external_created_by' | 'created_by'>,
  people?: ReadonlyMap<string, string>,
): string {
  if (change.external_created_by) return change.external_created_by;
  const author = change.created_by;
  if (!author) return '';
  if (typeof author === 'string') return people?.get(author) ?? author;
  return author.name ?? author.email ?? author.id ?? '';
}

export interface ChangeColumnsOptions {
  /** The item whose tab this is: its own changes do not link to it. */
  configId: string;
  formatDate: FormatDateFn;
  /** Ids of the changes that arrived with the latest answer while following. */
  fresh: ReadonlySet<string>;
  /** Adds a clicked `key=value` tag of a changed config to the filters. */
  onTag: (tag: string) => void;
}

/**
 * Created, Change Type, Summary (with the "New" mark of a change that arrived while
 * following), Source, Severity, Config, Tags (the changed config's, one shown until expanded;
 * a tag filters the list when clicked), Created By. Changes of other configs (upstream,
 * downstream or softly related) link to them.
 */
export function changeColumns({
  configId,
  formatDate,
  fresh,
  onTag,
}: ChangeColumnsOptions): DataTableColumn<ConfigChange>[] {
  return [
    {
      id: 'created',
      header: 'Created',
      sortKey: 'created_at',
      width: 105,
      cell: (change) => (
        <span title={formatDate(change.created_at)}>
          {relativeOrDate(change.created_at, formatDate)}
        </span>
      ),
    },
    {
      id: 'changeType',
      header: 'Change Type',
      sortKey: 'change_type',
      width: 140,
      cell: (change) => change.change_type,
    },
    {
      id: 'summary',
      header: 'Summary',
      sortKey: 'summary',
      minWidth: 140,
      cell: (change) => (
        <span className="mc-change-cell">
          <span className="mc-change-summary" title={change.summary ?? undefined}>
            {change.summary}
          </span>
          {fresh.has(change.id) && <NewChangeMark />}
        </span>
      ),
    },
    { id: 'source', header: 'Source', sortKey: 'source', width: 110, cell: (c) => c.source },
    {
      id: 'severity',
      header: 'Severity',
      width: 90,
      cell: (change) => <SeverityTag severity={change.severity} />,
    },
    {
      id: 'config',
      header: 'Config',
      sortKey: 'name',
      minWidth: 150,
      cell: (change) => {
        const name = (
          <ConfigName name={change.name} type={change.type} configClass={change.config_class} />
        );
        if (!change.config_id || change.config_id === configId) return name;
        return <ItemLink to={paths.catalogItem.getHref(change.config_id)}>{name}</ItemLink>;
      },
    },
    {
      id: 'tags',
      header: 'Tags',
      width: 170,
      cell: (change) => (
        <TagList
          tags={change.tags}
          collapsedCount={1}
          onTagClick={(key, value) => onTag(`${key}=${value}`)}
        />
      ),
    },
    { id: 'createdBy', header: 'Created By', width: 120, cell: changeAuthor },
  ];
}
