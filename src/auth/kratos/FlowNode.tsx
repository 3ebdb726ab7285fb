import { Button, Checkbox, Classes, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import type { UiNode, UiNodeInputAttributes, UiText } from '@ory/client';
import { Link } from 'react-router-dom';
import type { FlowValue, SubmitTrigger } from '../../../machines/auth/selfServiceFlow';
import { toConsoleLocation } from './consoleLocation';
import { hasError, nodeLabel } from './flowNodes';

export interface FlowNodeProps {
  node: UiNode;
  /** The field's value in the form (inputs only). */
  value?: FlowValue;
  /** Disables inputs and buttons, e.g. while the form is being submitted. Default false. */
  disabled?: boolean;
  /** A field changed. */
  onValueChange: (name: string, value: FlowValue) => void;
  /** A submit button was clicked. */
  onSubmitClick: (trigger: SubmitTrigger) => void;
}

/** Lookup-secret codes (text 1050015) list each code in `context.secrets`. */
const LOOKUP_CODES_TEXT_ID = 1050015;
/** A used code inside that list. */
const USED_CODE_TEXT_ID = 1050014;

function fieldId(name: string): string {
  return `kratos-field-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

function FieldMessages({ id, messages }: { id: string; messages: readonly UiText[] }) {
  if (messages.length === 0) return null;
  return (
    <span id={id}>
      {messages.map((message, index) => (
        <span key={`${message.id}-${index}`} className="kratos-field-message">
          {message.text}{' '}
        </span>
      ))}
    </span>
  );
}

function SubmitNode({
  node,
  attributes,
  disabled,
  onSubmitClick,
}: {
  node: UiNode;
  attributes: UiNodeInputAttributes;
  disabled: boolean;
  onSubmitClick: FlowNodeProps['onSubmitClick'];
}) {
  const label = attributes.label?.text ?? node.meta.label?.text ?? String(attributes.value ?? '');
  return (
    <Button
      type="submit"
      name={attributes.name}
      value={String(attributes.value ?? '')}
      intent={node.group === 'oidc' ? Intent.NONE : Intent.PRIMARY}
      disabled={disabled || attributes.disabled}
      text={label}
      onClick={(event) => {
        event.preventDefault();
        onSubmitClick({ group: node.group, name: attributes.name, value: attributes.value });
      }}
    />
  );
}

function InputNode({
  node,
  attributes,
  value,
  disabled,
  onValueChange,
}: {
  node: UiNode;
  attributes: UiNodeInputAttributes;
  value: FlowValue | undefined;
  disabled: boolean;
  onValueChange: FlowNodeProps['onValueChange'];
}) {
  const id = fieldId(attributes.name);
  const messagesId = `${id}-messages`;
  const invalid = hasError(node.messages);
  const describedBy = node.messages.length > 0 ? messagesId : undefined;
  const label = nodeLabel(node);

  if (attributes.type === 'checkbox') {
    return (
      <FormGroup
        intent={invalid ? Intent.DANGER : Intent.NONE}
        helperText={<FieldMessages id={messagesId} messages={node.messages} />}
      >
        <Checkbox
          id={id}
          name={attributes.name}
          label={label}
          checked={value === true}
          disabled={disabled || attributes.disabled}
          aria-describedby={describedBy}
          onChange={(event) => onValueChange(attributes.name, event.currentTarget.checked)}
        />
      </FormGroup>
    );
  }

  return (
    <FormGroup
      label={label}
      labelFor={id}
      intent={invalid ? Intent.DANGER : Intent.NONE}
      helperText={<FieldMessages id={messagesId} messages={node.messages} />}
    >
      <InputGroup
        id={id}
        name={attributes.name}
        type={attributes.type}
        value={typeof value === 'string' ? value : ''}
        required={attributes.required}
        disabled={disabled || attributes.disabled}
        autoComplete={attributes.autocomplete}
        pattern={attributes.pattern}
        maxLength={attributes.maxlength}
        intent={invalid ? Intent.DANGER : Intent.NONE}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => onValueChange(attributes.name, event.currentTarget.value)}
      />
    </FormGroup>
  );
}

function TextNode({ node }: { node: UiNode }) {
  const { attributes } = node;
  if (attributes.node_type !== 'text') return null;
  const { text } = attributes;
  const context = text.context as { secrets?: unknown } | undefined;
  const secrets = Array.isArray(context?.secrets) ? (context.secrets as UiText[]) : undefined;
  return (
    <div className="kratos-text-node" data-node-id={attributes.id}>
      {node.meta.label?.text && <p>{node.meta.label.text}</p>}
      {text.id === LOOKUP_CODES_TEXT_ID && secrets ? (
        <ul className={Classes.LIST_UNSTYLED} aria-label={node.meta.label?.text ?? attributes.id}>
          {secrets.map((secret, index) => (
            <li key={`${secret.text}-${index}`}>
              <code>{secret.id === USED_CODE_TEXT_ID ? 'Used' : secret.text}</code>
            </li>
          ))}
        </ul>
      ) : (
        <code>{text.text}</code>
      )}
    </div>
  );
}

function AnchorNode({ node }: { node: UiNode }) {
  const { attributes } = node;
  if (attributes.node_type !== 'a') return null;
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  const target = toConsoleLocation(attributes.href, origin);
  const className = `${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`;
  return target.internal ? (
    <Link className={className} to={target.href}>
      {attributes.title.text}
    </Link>
  ) : (
    <a className={className} href={target.href}>
      {attributes.title.text}
    </a>
  );
}

/**
 * One node of a flow, by type: inputs (text-like fields, checkboxes, submit buttons; hidden
 * ones hold their value in the form state and render nothing), images (the TOTP QR code),
 * texts (secrets and backup codes) and links. Scripts and script-driven buttons (WebAuthn)
 * are not run.
 */
export function FlowNode({
  node,
  value,
  disabled = false,
  onValueChange,
  onSubmitClick,
}: FlowNodeProps) {
  const { attributes } = node;
  switch (attributes.node_type) {
    case 'input':
      if (attributes.type === 'hidden' || attributes.type === 'button') return null;
      if (attributes.type === 'submit') {
        return (
          <SubmitNode
            node={node}
            attributes={attributes}
            disabled={disabled}
            onSubmitClick={onSubmitClick}
          />
        );
      }
      return (
        <InputNode
          node={node}
          attributes={attributes}
          value={value}
          disabled={disabled}
          onValueChange={onValueChange}
        />
      );
    case 'img':
      return (
        <img
          src={attributes.src}
          alt={nodeLabel(node)}
          width={attributes.width}
          height={attributes.height}
        />
      );
    case 'text':
      return <TextNode node={node} />;
    case 'a':
      return <AnchorNode node={node} />;
    default:
      return null;
  }
}
