import { Tag } from '@blueprintjs/core';
import type { Intent } from '@blueprintjs/core';
import type { ConfigChange } from '../../../../api/schemas/configItem';
import { relativeOrDate } from '../../../../lib/relativeTime';
import { paths } from '../../../../shell/paths';
import type { FormatDateFn } from '../../../../shell/useFormatDate';
import type { DataTableColumn } from '../../../../ui/DataTable/DataTable';
import { ConfigName } from '../../../../widgets/ConfigIcon';
import { ItemLink } from '../ItemLink';
import { statusWord } from '../model/format';

const SEVERITY_INTENTS: Record<string, Intent> = {
  critical: 'danger',
  high: 'danger',
  medium: 'warning',
  low: 'primary',
};

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

/**
 * Created, Change Type, Summary, Source, Severity, Config, Created By. Changes of other
 * configs (upstream or downstream) link to them.
 */
export function changeColumns(
  configId: string,
  formatDate: FormatDateFn,
): DataTableColumn<ConfigChange>[] {
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
      cell: (change) => <span title={change.summary ?? undefined}>{change.summary}</span>,
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
    { id: 'createdBy', header: 'Created By', width: 120, cell: changeAuthor },
  ];
}
