import { Button, Callout, DialogBody, DialogFooter, Spinner } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/core';
import type { FormApi, SubmissionErrors, ValidationErrors } from 'final-form';
import { FORM_ERROR } from 'final-form';
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { FormRenderProps } from 'react-final-form';
import { Form } from 'react-final-form';
import type { DialogSize } from '../AppDialog';
import { AppDialog } from '../AppDialog';
import { ConfirmDialog } from '../ConfirmDialog';
import { FormDisabledContext } from './FormFieldGroup';

/** The banner of records managed by a cluster CRD (spec 000 §4, spec 002 §2.4). */
export const READ_ONLY_TITLE = 'Read-Only Mode:';
export const READ_ONLY_BANNER =
  'This resource is managed by Kubernetes CRD and cannot be edited from the UI.';

/** Shown when a submission fails with nothing readable. */
export const SUBMIT_FAILED = 'An error occurred';

/** The submit button of each mode, and what it reads while the submission is under way. */
export const SUBMIT_LABELS = {
  create: { idle: 'Save', busy: 'Saving' },
  edit: { idle: 'Update', busy: 'Updating' },
} as const;

export type FormDialogMode = keyof typeof SUBMIT_LABELS;

/** The message of anything a submission threw: an `ApiError`'s or an `Error`'s message. */
export function submissionMessage(error: unknown): string {
  if (typeof error === 'string' && error.trim() !== '') return error;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message } = error as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return SUBMIT_FAILED;
}

/** A record's deletion from its dialog: a Delete button in the footer, then a confirmation. */
export interface FormDialogDeletion {
  /** The confirmation's title, e.g. "Delete Scope". */
  title: string;
  /** The confirmation's question. */
  question: ReactNode;
  /**
   * Deletes. The dialog closes once it settles, unless it throws or resolves to `false` (the
   * failure is said elsewhere, e.g. by the endpoint's outcome): the confirmation stays open.
   */
  onConfirm: () => Promise<unknown> | unknown;
}

export interface FormDialogProps<V extends object> {
  /** Default true: mount the dialog only while it is wanted, so each opening starts afresh. */
  isOpen?: boolean;
  title: string;
  icon?: IconName;
  size?: DialogSize;
  /** Read once, when the form appears (after `loading`); later changes do not reset it. */
  initialValues?: Partial<V>;
  /** Form-level validation; prefer field `validate`/`required` and superstruct for rules. */
  validate?: (values: V) => ValidationErrors;
  /**
   * Saves. Resolving to nothing means saved: `onSaved` runs and the dialog closes. Resolving to
   * submission errors (`{ [FORM_ERROR]: message }` or per field) keeps it open and shows them;
   * so does throwing, with the thrown error's message (an `ApiError` from `unwrap()`).
   */
  onSubmit: (
    values: V,
    form: FormApi<V>,
  ) => SubmissionErrors | void | Promise<SubmissionErrors | void>;
  /** Cancel, Close, Escape and the close button. */
  onClose: () => void;
  /** After a successful submission, before the dialog closes (or instead, with `closeOnSuccess`). */
  onSaved?: (values: V) => void;
  /** Default true. */
  closeOnSuccess?: boolean;
  /** Save/Saving (create) or Update/Updating (edit). Default `create`. */
  mode?: FormDialogMode;
  /** Replaces the mode's submit text ("Invite", "Create") and its busy text. */
  submitText?: string;
  busyText?: string;
  /**
   * `crd`: a record managed by Kubernetes, shown under the read-only banner. `true`: the user
   * may only look. Either way every kit field is disabled and the footer offers Close.
   */
  readOnly?: boolean | 'crd';
  /** The footer's left side, after the Delete button of `deletion`. */
  extraActions?: ReactNode;
  /** Given (the user may delete this record): Delete in the footer, with its confirmation. */
  deletion?: FormDialogDeletion | false | undefined;
  /** Keeps the submit button disabled while the form is invalid (spec 002 §5.6). */
  disableSubmitWhenInvalid?: boolean;
  /**
   * Shown in the same dialog instead of the form, when given: what follows a submission that
   * does not close (a link to hand over), with its own `DialogBody` and `DialogFooter`.
   */
  outcome?: ReactNode;
  /** The record is still being read: a spinner stands in for the form. */
  loading?: boolean;
  /**
   * Default true. False when the submission's failure is already reported elsewhere (an
   * endpoint whose outcome toasts failures), so the reason is not shown twice.
   */
  showSubmitError?: boolean;
  /** The form's fields; a function receives final-form's render state. */
  children: ReactNode | ((state: FormRenderProps<V>) => ReactNode);
}

/**
 * The one form dialog: title, fields, the submission's error, and a footer with Cancel and the
 * submit button (disabled, with its busy label, while saving). Fields of `src/ui/form` are
 * disabled with the form while it submits and when it is read-only.
 */
export function FormDialog<V extends object>({
  isOpen = true,
  title,
  icon,
  size = 'small',
  initialValues,
  validate,
  onSubmit,
  onClose,
  onSaved,
  closeOnSuccess = true,
  mode = 'create',
  submitText,
  busyText,
  readOnly = false,
  extraActions,
  deletion,
  disableSubmitWhenInvalid = false,
  outcome,
  loading = false,
  showSubmitError = true,
  children,
}: FormDialogProps<V>) {
  const labels = SUBMIT_LABELS[mode];
  const [confirming, setConfirming] = useState(false);
  const submit = async (values: V, form: FormApi<V>) => {
    let result: SubmissionErrors | void;
    try {
      result = await onSubmit(values, form);
    } catch (error) {
      return { [FORM_ERROR]: submissionMessage(error) };
    }
    if (result && Object.keys(result).length > 0) return result;
    onSaved?.(values);
    if (closeOnSuccess) onClose();
    return undefined;
  };
  return (
    <>
      <AppDialog isOpen={isOpen} onClose={onClose} size={size} icon={icon} title={title}>
        {loading && (
          <DialogBody>
            <Spinner aria-label="Loading" />
          </DialogBody>
        )}
        {!loading &&
          (outcome ?? (
            <Form<V>
              initialValues={initialValues}
              initialValuesEqual={() => true}
              validate={validate}
              onSubmit={submit}
              render={(state) => {
                const { handleSubmit, submitError } = state;
                const submitting = state.submitting === true;
                const invalid = state.invalid === true;
                return (
                  <form onSubmit={handleSubmit} noValidate aria-label={title}>
                    <FormDisabledContext.Provider value={readOnly !== false || submitting}>
                      <DialogBody>
                        {readOnly === 'crd' && (
                          <Callout intent="warning" icon="lock" role="status">
                            <strong>{READ_ONLY_TITLE}</strong> {READ_ONLY_BANNER}
                          </Callout>
                        )}
                        {typeof children === 'function' ? children(state) : children}
                        {showSubmitError && typeof submitError === 'string' && (
                          <Callout intent="danger" role="alert">
                            {submitError}
                          </Callout>
                        )}
                      </DialogBody>
                    </FormDisabledContext.Provider>
                    <DialogFooter
                      actions={
                        readOnly !== false ? (
                          <Button text="Close" onClick={onClose} />
                        ) : (
                          <>
                            <Button text="Cancel" onClick={onClose} disabled={submitting} />
                            <Button
                              type="submit"
                              intent="primary"
                              text={
                                submitting ? (busyText ?? labels.busy) : (submitText ?? labels.idle)
                              }
                              icon={submitting ? 'refresh' : undefined}
                              aria-busy={submitting}
                              disabled={submitting || (disableSubmitWhenInvalid && invalid)}
                            />
                          </>
                        )
                      }
                    >
                      {deletion && (
                        <Button
                          intent="danger"
                          variant="minimal"
                          icon="trash"
                          text="Delete"
                          onClick={() => setConfirming(true)}
                        />
                      )}
                      {extraActions}
                    </DialogFooter>
                  </form>
                );
              }}
            />
          ))}
      </AppDialog>
      {deletion && (
        <ConfirmDialog
          isOpen={confirming}
          title={deletion.title}
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            const outcome = await deletion.onConfirm();
            if (outcome !== false) onClose();
            return outcome;
          }}
        >
          {deletion.question}
        </ConfirmDialog>
      )}
    </>
  );
}
