import { FormGroup, Menu, MenuDivider, MenuItem, Spinner } from '@blueprintjs/core';
import type { ItemListRenderer, ItemRenderer } from '@blueprintjs/select';
import { Suggest } from '@blueprintjs/select';
import type { KeyboardEvent } from 'react';
import { Fragment, useId, useMemo, useState } from 'react';
import {
  SUBJECT_SEARCH_LIMIT,
  useGetPermissionSubjectsQuery,
} from '../../../api/endpoints/accessSearch';
import { toErrorMessage } from '../../../api/errors';
import type { PermissionSubject, PermissionSubjectKind } from '../../../api/schemas/accessSearch';
import { PICKER_DEBOUNCE_MS } from '../../../ui/ResourcePicker';
import { useDebouncedValue } from '../../../ui/useDebouncedValue';
import {
  SUBJECT_ACCESS_LABELS as LABELS,
  SUBJECT_GROUPS,
  subjectLabel,
} from '../model/subjectAccess';

export interface SubjectPickerProps {
  /** The chosen subject's id (a role's name); none while nothing is chosen. */
  value: string | undefined;
  /** The chosen subject's row, once read (it names the value). */
  selected: PermissionSubject | undefined;
  onChange: (subject: PermissionSubject) => void;
}

const groupOf = (subject: PermissionSubject): PermissionSubjectKind =>
  (SUBJECT_GROUPS as readonly string[]).includes(subject.type)
    ? (subject.type as PermissionSubjectKind)
    : 'role';

/** The subjects in the picker's group order (then by name, as the server sent them). */
function grouped(subjects: readonly PermissionSubject[]): PermissionSubject[] {
  return SUBJECT_GROUPS.flatMap((group) => subjects.filter((one) => groupOf(one) === group));
}

const renderSubject: ItemRenderer<PermissionSubject> = (
  subject,
  { handleClick, handleFocus, modifiers },
) => (
  <MenuItem
    key={`${subject.type}/${subject.id}`}
    text={subjectLabel(subject)}
    active={modifiers.active}
    disabled={modifiers.disabled}
    onClick={handleClick}
    onFocus={handleFocus}
    roleStructure="listoption"
  />
);

/**
 * Who the workbench is about: every subject permissions can name (`permission_subjects`),
 * searched on the server by name or e-mail as the user types, listed in groups (Roles, Groups,
 * Teams, People, Tokens, Playbooks). The arrow keys move through the list, Enter picks.
 */
export function SubjectPicker({ value, selected, onChange }: SubjectPickerProps) {
  const inputId = useId();
  const [text, setText] = useState('');
  const settled = useDebouncedValue(text.trim(), PICKER_DEBOUNCE_MS);
  const [open, setOpen] = useState(false);
  const search = useGetPermissionSubjectsQuery({ search: settled }, { skip: !open });
  const items = useMemo(() => grouped(search.data ?? []), [search.data]);
  const waiting = settled !== text.trim() || search.isFetching;

  const renderList: ItemListRenderer<PermissionSubject> = ({
    filteredItems,
    renderItem,
    itemsParentRef,
    menuProps,
  }) => {
    if (waiting && filteredItems.length === 0) {
      return (
        <Menu ulRef={itemsParentRef} {...menuProps}>
          <MenuItem
            disabled
            text={<Spinner size={16} aria-label={LABELS.subjectSearching} />}
            roleStructure="listoption"
          />
        </Menu>
      );
    }
    if (filteredItems.length === 0) {
      const message = search.error ? toErrorMessage(search.error) : LABELS.noSubjects;
      return (
        <Menu ulRef={itemsParentRef} {...menuProps}>
          <MenuItem disabled text={message} roleStructure="listoption" />
        </Menu>
      );
    }
    return (
      <Menu ulRef={itemsParentRef} {...menuProps} className="mc-subject-menu">
        {SUBJECT_GROUPS.map((group) => {
          const members = filteredItems.filter((one) => groupOf(one) === group);
          if (members.length === 0) return null;
          return (
            <Fragment key={group}>
              <MenuDivider title={LABELS.groups[group]} />
              {members.map((member) => renderItem(member, filteredItems.indexOf(member)))}
            </Fragment>
          );
        })}
        {filteredItems.length >= SUBJECT_SEARCH_LIMIT && (
          <MenuItem disabled text={LABELS.moreSubjects} roleStructure="listoption" />
        )}
      </Menu>
    );
  };

  const chosen =
    selected && selected.id === value
      ? selected
      : value
        ? { id: value, name: value, type: 'role' }
        : null;

  return (
    <FormGroup label={LABELS.subject} labelFor={inputId} className="mc-subject-picker">
      <Suggest<PermissionSubject>
        // Nothing stale to pick while the typed text is searched.
        items={waiting ? [] : items}
        itemRenderer={renderSubject}
        itemListRenderer={renderList}
        itemsEqual={(a, b) => a.id === b.id && a.type === b.type}
        inputValueRenderer={subjectLabel}
        selectedItem={chosen}
        query={text}
        onQueryChange={setText}
        onItemSelect={(subject) => {
          setText('');
          onChange(subject);
        }}
        closeOnSelect
        resetOnClose
        fill
        popoverProps={{
          minimal: true,
          matchTargetWidth: true,
          onOpening: () => setOpen(true),
          onClosing: () => setText(''),
        }}
        inputProps={{
          id: inputId,
          placeholder: LABELS.subjectPlaceholder,
          onFocus: () => setOpen(true),
          onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
            if (event.currentTarget.getAttribute('aria-expanded') !== 'true') return;
            if (event.key === 'Enter') event.preventDefault();
          },
        }}
      />
    </FormGroup>
  );
}
