import { Callout } from '@blueprintjs/core';
import {
  useCreateRuleMutation,
  useDeleteRuleMutation,
  useGetRuleQuery,
  useUpdateRuleMutation,
} from '../../../api/endpoints/notificationRules';
import { toErrorMessage } from '../../../api/errors';
import { CodeEditor } from '../../../ui/CodeEditor/CodeEditor';
import { KitField } from '../../../ui/form/FormFieldGroup';
import { FormDialog } from '../../../ui/form/FormDialog';
import { MultiSelectField, TagsField } from '../../../ui/form/TagsField';
import { TextField } from '../../../ui/form/TextField';
import type { RuleFormValues } from './model/ruleForm';
import { RULE_EVENTS } from './model/ruleEvents';
import {
  durationError,
  isRuleEditable,
  newRuleValues,
  ruleBody,
  ruleValues,
} from './model/ruleForm';
import { InhibitionsField } from './InhibitionsField';
import { RecipientField } from './RecipientField';

export const NEW_RULE_TITLE = 'New notification rule';
export const EDIT_RULE_TITLE = 'Edit notification rule';
export const RULE_NOT_FOUND = 'This notification rule does not exist or was deleted';
export const DELETE_RULE_TITLE = 'Delete Notification';
export const DELETE_RULE_QUESTION = 'Are you sure you want to delete this notification rule?';

/** The banner of a rule managed outside the console. */
export const managedBy = (source: string) => `Managed by ${source}: read-only`;

/** The events to choose from: the known ones, then any other the rule already listens to. */
export function eventOptions(saved: readonly string[] = []) {
  const events = [...RULE_EVENTS, ...saved.filter((event) => !RULE_EVENTS.includes(event))];
  return events.map((event) => ({ value: event, label: event }));
}

interface CodeTextFieldProps {
  name: string;
  label: string;
  helperText: string;
  height: string;
}

/** A CEL expression or a template in the code editor, as plain text. */
function CodeTextField({ name, label, helperText, height }: CodeTextFieldProps) {
  return (
    <KitField<string | undefined> name={name} label={label} helperText={helperText}>
      {({ input, disabled }) => (
        <div
          className="mc-code-field"
          onBlur={() => input.onBlur()}
          onFocus={() => input.onFocus()}
        >
          <CodeEditor
            label={label}
            value={input.value ?? ''}
            language="plaintext"
            readOnly={disabled}
            onChange={(text) => input.onChange(text)}
            height={height}
          />
        </div>
      )}
    </KitField>
  );
}

export interface RuleDialogProps {
  /** The rule to open (NOTIF-02 reads it); none for a new rule. */
  id?: string;
  /** Whether the user may write notifications; else the dialog only shows the rule. */
  canWrite: boolean;
  onClose: () => void;
}

/**
 * A notification rule's dialog: name, namespace (fixed once created), title, events, CEL
 * filter, template, repeat interval, wait for, grouping, inhibitions, and exactly one
 * recipient. Creates (NOTIF-03), updates (NOTIF-04) and deletes after a confirmation
 * (NOTIF-05). Rules from a Kubernetes CRD (or any source but the console) open read-only. A
 * failed save keeps the values and shows the server's reason.
 */
export function RuleDialog({ id, canWrite, onClose }: RuleDialogProps) {
  const editing = id !== undefined;
  const { data: rule, isLoading, error } = useGetRuleQuery(id ?? '', { skip: !editing });
  const [createRule] = useCreateRuleMutation();
  const [updateRule] = useUpdateRuleMutation();
  const [deleteRule] = useDeleteRuleMutation();
  const missing = editing && !isLoading && (error !== undefined || !rule);
  const editable = !editing || (rule !== undefined && isRuleEditable(rule));
  const readOnly = missing || !canWrite || !editable;
  const initialValues = editing ? (rule ? ruleValues(rule) : undefined) : newRuleValues();

  return (
    <FormDialog<RuleFormValues>
      title={editing ? EDIT_RULE_TITLE : NEW_RULE_TITLE}
      icon="notifications"
      size="medium"
      mode={editing ? 'edit' : 'create'}
      loading={editing && isLoading}
      readOnly={readOnly}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={async (values) => {
        if (editing) {
          await updateRule({ id, body: ruleBody(values, 'edit') }).unwrap();
        } else {
          await createRule(ruleBody(values, 'create')).unwrap();
        }
      }}
      deletion={
        id !== undefined &&
        canWrite &&
        editable &&
        !missing && {
          title: DELETE_RULE_TITLE,
          question: DELETE_RULE_QUESTION,
          onConfirm: () => deleteRule(id).unwrap(),
        }
      }
    >
      {missing ? (
        <Callout intent="danger" role="alert">
          {error ? toErrorMessage(error) : RULE_NOT_FOUND}
        </Callout>
      ) : (
        <>
          {rule && !editable && (
            <Callout intent="warning" icon="lock" role="status">
              {managedBy(rule.source ?? '')}
            </Callout>
          )}
          <div className="mc-rule-form-row">
            <TextField name="name" label="Name" required autoFocus={!editing} />
            <TextField
              name="namespace"
              label="Namespace"
              disabled={editing}
              helperText={editing ? undefined : 'Default: default'}
            />
          </div>
          <TextField name="title" label="Title" />
          <MultiSelectField
            name="events"
            label="Events"
            required
            options={eventOptions(rule?.events ?? [])}
            placeholder="Choose events"
          />
          <CodeTextField
            name="filter"
            label="Filter"
            helperText="A CEL expression; the rule applies only to the events it is true for"
            height="80px"
          />
          <CodeTextField
            name="template"
            label="Template"
            helperText="The message body, in Markdown (Go templates allowed)"
            height="160px"
          />
          <div className="mc-rule-form-row">
            <TextField
              name="repeat_interval"
              label="Repeat interval"
              placeholder="4h"
              validate={durationError}
              helperText="Send again at most this often for the same resource"
            />
            <TextField
              name="wait_for"
              label="Wait for"
              placeholder="5m"
              validate={durationError}
              helperText="Send only if the state holds this long"
            />
            <TextField
              name="wait_for_eval_period"
              label="Wait for eval period"
              placeholder="1m"
              validate={durationError}
              helperText="An additional delay after Wait for to evaluate the health of Kubernetes configs"
            />
          </div>
          <TagsField
            name="group_by"
            label="Group by"
            placeholder="type, tag:namespace"
            helperText="Sends for resources alike in these fields count as one for Repeat interval; Enter adds one"
          />
          <InhibitionsField />
          <RecipientField />
        </>
      )}
    </FormDialog>
  );
}
