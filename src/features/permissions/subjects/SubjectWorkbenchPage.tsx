import { Checkbox, NonIdealState, Spinner, Switch } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo, useState } from 'react';
import { SEARCH_RESOURCE_TYPES } from '../../../../contracts/accessSearch';
import type { SearchResourceType } from '../../../../contracts/accessSearch';
import {
  accessSearchTags,
  useGetPermissionSubjectsQuery,
  useSearchSubjectAccessQuery,
} from '../../../api/endpoints/accessSearch';
import { toErrorMessage } from '../../../api/errors';
import { useCan } from '../../../auth/hooks';
import { SUBJECT_ACCESS_STATE } from '../../../shell/paths';
import { LoadErrorCallout } from '../../../ui/LoadErrorCallout';
import { Pager } from '../../../ui/Pager';
import { usePageHeader } from '../../../ui/pageHeader';
import { useInvalidateTags } from '../../../widgets/useInvalidateTags';
import { useUrlState } from '../../../widgets/useUrlState';
import {
  SUBJECT_ACCESS_LABELS as LABELS,
  SUBJECT_ACCESS_PAGE_SIZE,
  WORKBENCH_ACTIONS,
  actionName,
  matrixOf,
  searchRequest,
  shownActions,
  shownTypes,
} from '../model/subjectAccess';
import type { MatrixCell } from './AccessMatrix';
import { AccessMatrix } from './AccessMatrix';
import { CellDetails } from './CellDetails';
import { SubjectPicker } from './SubjectPicker';
import './subjects.css';

/** A set of checkboxes whose choice is a list in the address (all chosen: none written). */
function ChoiceGroup<V extends string>({
  legend,
  options,
  chosen,
  label,
  onChange,
}: {
  legend: string;
  options: readonly V[];
  chosen: readonly V[];
  label: (value: V) => string;
  onChange: (chosen: V[]) => void;
}) {
  return (
    <fieldset className="mc-access-choices">
      <legend>{legend}</legend>
      {options.map((option) => (
        <Checkbox
          key={option}
          inline
          label={label(option)}
          checked={chosen.includes(option)}
          // The last one chosen stays: none chosen would mean all of them.
          disabled={chosen.length === 1 && chosen.includes(option)}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            const next = options.filter((one) => (one === option ? on : chosen.includes(one)));
            // Every one chosen is the same as none: the address stays short.
            onChange(next.length === options.length ? [] : next);
          }}
        />
      ))}
    </fieldset>
  );
}

/** The workbench for those who may read RBAC. */
function Workbench() {
  const url = useUrlState(SUBJECT_ACCESS_STATE);
  const state = url.state;
  const canWrite = useCan('permissions', 'write');
  const named = useGetPermissionSubjectsQuery(state.subject ? { id: state.subject } : skipToken);
  // A subject the list does not name (an id from an old link) is still shown, read-only.
  const subject =
    named.currentData?.[0] ??
    (state.subject && !named.isFetching
      ? { id: state.subject, name: state.subject, type: '' }
      : undefined);
  const request = useMemo(() => searchRequest(state), [state]);
  const query = useSearchSubjectAccessQuery(request ?? skipToken);
  const actions = useMemo(() => shownActions(state), [state]);
  const types = useMemo(() => shownTypes(state), [state]);
  const sections = useMemo(
    () => (query.currentData ? matrixOf(query.currentData, actions) : []),
    [query.currentData, actions],
  );
  const [open, setOpen] = useState<{
    type: SearchResourceType;
    id: string;
    name: string;
    action: string;
  }>();
  const openEntry = open
    ? query.currentData?.results.find(
        (entry) =>
          entry.resource_type === open.type && entry.id === open.id && entry.action === open.action,
      )
    : undefined;

  let body;
  if (!state.subject) {
    body = (
      <NonIdealState
        icon="person"
        title={LABELS.chooseSubject}
        description={LABELS.chooseSubjectText}
      />
    );
  } else if (!request || (query.isFetching && !query.currentData)) {
    body = request ? (
      <Spinner aria-label={LABELS.loading} />
    ) : (
      <NonIdealState icon="search" title={LABELS.empty} />
    );
  } else if (query.error) {
    body = (
      <LoadErrorCallout
        title={LABELS.loadError}
        message={toErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (query.currentData && sections.length === 0) {
    body = (
      <NonIdealState
        icon="search"
        title={LABELS.empty}
        description={
          state.denied ? LABELS.emptyText : `${LABELS.emptyText} ${LABELS.emptyDeniedHint}`
        }
      />
    );
  } else if (query.currentData) {
    const page = query.currentData;
    const shown = sections.reduce((sum, section) => sum + section.rows.length, 0);
    body = (
      <>
        <AccessMatrix
          sections={sections}
          subject={state.subject}
          onOpen={({ row, action }: MatrixCell) =>
            setOpen({ type: row.type, id: row.id, name: row.name, action })
          }
        />
        <Pager
          paging={{ pageIndex: state.page - 1, pageSize: SUBJECT_ACCESS_PAGE_SIZE }}
          total={page.resource_total}
          shown={shown}
          disabled={query.isFetching}
          onPageIndexChange={(pageIndex) => url.update({ page: pageIndex + 1 })}
        />
      </>
    );
  }

  return (
    <div className="mc-subject-workbench">
      <div role="group" aria-label={LABELS.filters} className="mc-subject-workbench-filters">
        <SubjectPicker
          value={state.subject}
          selected={subject}
          onChange={(picked) => url.update({ subject: picked.id })}
        />
        <ChoiceGroup
          legend={LABELS.types}
          options={SEARCH_RESOURCE_TYPES}
          chosen={state.types.length === 0 ? types : (state.types as SearchResourceType[])}
          label={(type) => LABELS.typeNames[type]}
          onChange={(chosen) => url.update({ types: chosen })}
        />
        <ChoiceGroup
          legend={LABELS.actions}
          options={WORKBENCH_ACTIONS}
          chosen={state.actions.length === 0 ? actions : state.actions}
          label={actionName}
          onChange={(chosen) => url.update({ actions: chosen })}
        />
        <Switch
          label={LABELS.includeDenied}
          checked={state.denied}
          onChange={(event) => url.update({ denied: event.currentTarget.checked })}
        />
      </div>
      {body}
      {open && subject && (
        <CellDetails
          key={`${open.type}/${open.id}/${open.action}`}
          subject={subject}
          resource={open}
          action={open.action}
          entry={openEntry}
          canWrite={canWrite}
          onClose={() => setOpen(undefined)}
        />
      )}
    </div>
  );
}

/**
 * `/settings/permissions/subjects`: what one subject (a role, group, team, person, token or
 * playbook) may do on which resources, one table per resource type with a column per action,
 * each cell the effective access and whether it is direct; a cell opens where the access comes
 * from and, for those who may write permissions, changes it in place where permission rows
 * decide it. The subject, types, actions, "Include denied" and the page are in the address.
 * Answered by the subject access search, which needs RBAC read: others see why not.
 */
export function SubjectWorkbenchPage() {
  usePageHeader({ title: LABELS.title, onRefresh: useInvalidateTags(accessSearchTags) });
  const canReview = useCan('rbac', 'read');
  if (!canReview) {
    return (
      <NonIdealState
        icon="lock"
        title={LABELS.notAllowedTitle}
        description={LABELS.notAllowedText}
      />
    );
  }
  return <Workbench />;
}
