import { EditableText } from '@blueprintjs/core';
import { useState } from 'react';
import type { InlineEdit } from './model/edits';

export interface InlineTextProps {
  /** The input's accessible name ("Title"). */
  label: string;
  /** The saved value. */
  value: string;
  /**
   * What to do with the text once confirmed (Enter, or leaving the field): refuse it with a
   * message, leave it, or save it.
   */
  check: (draft: string, value: string) => InlineEdit;
  /** Saves the text; a rejected promise puts the saved value back. */
  onSave: (value: string) => Promise<unknown>;
  /** Shown while empty. */
  placeholder?: string;
  /** Several lines: Enter confirms, Shift+Enter starts a new line. Default false. */
  multiline?: boolean;
  /** Class of the editable element. */
  className?: string;
  /** Makes the text a heading of this level (the page's title). */
  headingLevel?: number;
}

/**
 * A text edited where it is shown: a click (or focus with Tab) edits it, Enter or leaving the
 * field saves it, Escape puts the saved value back. A refused text shows why under it.
 */
export function InlineText({
  label,
  value,
  check,
  onSave,
  placeholder,
  multiline = false,
  className,
  headingLevel,
}: InlineTextProps) {
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string>();
  // A value changed on the server (a refresh, a save) replaces the text shown.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setDraft(value);
  }

  const confirm = (text: string) => {
    const edit = check(text, value);
    if (edit.kind === 'invalid') {
      setError(edit.message);
      setDraft(value);
      return;
    }
    setError(undefined);
    if (edit.kind === 'unchanged') {
      setDraft(value);
      return;
    }
    setDraft(edit.value);
    onSave(edit.value).catch(() => setDraft(value));
  };

  return (
    <div className="mc-inline-text">
      <div
        role={headingLevel ? 'heading' : undefined}
        aria-level={headingLevel}
        className={headingLevel ? 'mc-inline-text-heading' : undefined}
      >
        <EditableText
          className={className}
          value={draft}
          placeholder={placeholder}
          multiline={multiline}
          confirmOnEnterKey={multiline}
          minLines={multiline ? 2 : undefined}
          intent={error ? 'danger' : undefined}
          onChange={(text) => {
            setDraft(text);
            if (error) setError(undefined);
          }}
          onConfirm={confirm}
          onCancel={() => {
            setDraft(value);
            setError(undefined);
          }}
          customInputAttributes={{ 'aria-label': label, 'aria-invalid': error ? true : undefined }}
        />
      </div>
      {error && (
        <p className="mc-inline-text-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
