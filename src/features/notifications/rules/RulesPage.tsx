import { useMemo } from 'react';
import {
  DEFAULT_RULE_SORT,
  notificationRuleTags,
  useGetRulesQuery,
} from '../../../api/endpoints/notificationRules';
import { useGetPlaybookNamesQuery } from '../../../api/endpoints/playbooks';
import type { RuleSummary } from '../../../api/schemas/notificationRules';
import { useCan } from '../../../auth/hooks';
import { useFormatDate } from '../../../shell/useFormatDate';
import { lazyPart } from '../../../ui/LazyPart';
import { ListPage } from '../../../widgets/ListPage';
import { NotificationSections } from '../history/NotificationSections';
import { ruleColumns, ruleName } from './ruleColumns';
import { useRecordDialog } from '../../../widgets/useRecordDialog';
import '../notifications.css';
import './rules.css';
import { useAnsweredAt } from '../../../widgets/useAnsweredAt';
import { useListScreen } from '../../../widgets/useListScreen';

/** The rule's form (its channel fields and final-form) loads when it opens. */
const RuleDialog = lazyPart(async () => (await import('./RuleDialog')).RuleDialog);

export const RULES_TITLE = 'Notification Rules';
export const RULES_ERROR = 'Error loading notification rules';
export const NO_RULES = 'No notification rules';
export const NEW_RULE = 'New rule';

/**
 * `/notifications/rules`: the rules a page at a time (NOTIF-01) with their recipients, send
 * counts and job status, newest first unless sorted; page and sort live in the address. A row,
 * or `?id={id}` in the address, opens the rule's dialog; `?new=1` (the "New rule" button of
 * users who may write notifications) opens an empty one.
 */
export function RulesPage() {
  const list = useListScreen({
    title: RULES_TITLE,
    refreshTags: notificationRuleTags,
    defaultSort: DEFAULT_RULE_SORT,
  });
  const canWrite = useCan('notifications', 'write');
  const formatDate = useFormatDate();
  const dialog = useRecordDialog();
  const query = useGetRulesQuery(list.state);
  const { data, fulfilledTimeStamp } = query;
  const now = useAnsweredAt(fulfilledTimeStamp);
  const rules = useMemo(() => data?.rules ?? [], [data]);
  // Playbook recipients are named by PB-01, asked only when a rule on the page has one.
  const { data: playbooks } = useGetPlaybookNamesQuery(undefined, {
    skip: !rules.some((rule) => rule.playbook_id),
  });
  const columns = useMemo(() => {
    const titles = new Map((playbooks ?? []).map((p) => [p.id, p.title || p.name || p.id]));
    return ruleColumns({ formatDate, now, playbookTitle: (id) => titles.get(id) });
  }, [formatDate, now, playbooks]);

  return (
    <ListPage<RuleSummary>
      pageClassName="mc-notif-page"
      action={{ allowed: canWrite, text: NEW_RULE, onClick: dialog.openCreate }}
      toolbar={<NotificationSections />}
      aria-label="Notification rules"
      className="mc-rules-table"
      columns={columns}
      rows={rules}
      getRowId={(row) => row.id}
      onRowOpen={(row) => dialog.openEdit(row.id)}
      rowLabel={ruleName}
      list={list}
      total={data?.totalEntries ?? 0}
      query={query}
      errorTitle={RULES_ERROR}
      empty={{ icon: 'notifications', emptyTitle: NO_RULES }}
    >
      {dialog.state.mode === 'edit' && (
        <RuleDialog
          key={dialog.state.id}
          id={dialog.state.id}
          canWrite={canWrite}
          onClose={dialog.close}
        />
      )}
      {dialog.state.mode === 'create' && canWrite && (
        <RuleDialog canWrite={canWrite} onClose={dialog.close} />
      )}
    </ListPage>
  );
}
