/** What the page says when an edit is refused. */
export const EDIT_MESSAGES = {
  emptyTitle: 'The title cannot be empty.',
} as const;

/** What to do with an inline edit once confirmed. */
export type InlineEdit =
  { kind: 'unchanged' } | { kind: 'invalid'; message: string } | { kind: 'save'; value: string };

/** A confirmed title: trimmed, refused when empty, saved only when it differs. */
export function titleEdit(draft: string, current: string | null | undefined): InlineEdit {
  const title = draft.trim();
  if (title === '') return { kind: 'invalid', message: EDIT_MESSAGES.emptyTitle };
  if (title === (current ?? '').trim()) return { kind: 'unchanged' };
  return { kind: 'save', value: title };
}

/** A confirmed description: may be emptied; trailing blanks are dropped; saved when it differs. */
export function descriptionEdit(draft: string, current: string | null | undefined): InlineEdit {
  const description = draft.trimEnd();
  if (description === (current ?? '').trimEnd()) return { kind: 'unchanged' };
  return { kind: 'save', value: description };
}
