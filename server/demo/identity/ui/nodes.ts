import { texts } from './text';
import type { UiContainer, UiNode, UiNodeGroup, UiNodeInputAttributes, UiText } from './types';

interface InputSpec {
  name: string;
  type: UiNodeInputAttributes['type'];
  group: UiNodeGroup;
  value?: unknown;
  required?: boolean;
  autocomplete?: string;
  label?: UiText;
  attributeLabel?: UiText;
}

export function inputNode(spec: InputSpec): UiNode {
  const attributes: UiNodeInputAttributes = {
    name: spec.name,
    type: spec.type,
    disabled: false,
    node_type: 'input',
  };
  if (spec.value !== undefined && spec.value !== null) attributes.value = spec.value;
  if (spec.required) attributes.required = true;
  if (spec.autocomplete) attributes.autocomplete = spec.autocomplete;
  if (spec.attributeLabel) attributes.label = spec.attributeLabel;
  return {
    type: 'input',
    group: spec.group,
    attributes,
    messages: [],
    meta: spec.label ? { label: spec.label } : {},
  };
}

/** The field of a new password (sign-up and the settings' password form). */
export function newPasswordNode(): UiNode {
  return inputNode({
    name: 'password',
    type: 'password',
    group: 'password',
    required: true,
    autocomplete: 'new-password',
    label: texts.password(),
  });
}

/** The field of a code from an authenticator app. */
export function totpCodeNode(label: UiText): UiNode {
  return inputNode({
    name: 'totp_code',
    type: 'text',
    group: 'totp',
    required: true,
    autocomplete: 'one-time-code',
    label,
  });
}

export function csrfNode(token: string): UiNode {
  return inputNode({
    name: 'csrf_token',
    type: 'hidden',
    group: 'default',
    value: token,
    required: true,
  });
}

export function submitNode(name: string, value: string, group: UiNodeGroup, label: UiText): UiNode {
  return inputNode({ name, type: 'submit', group, value, label });
}

export function textNode(id: string, group: UiNodeGroup, text: UiText, label: UiText): UiNode {
  return {
    type: 'text',
    group,
    attributes: { id, text, node_type: 'text' },
    messages: [],
    meta: { label },
  };
}

export function imageNode(id: string, group: UiNodeGroup, src: string, label: UiText): UiNode {
  return {
    type: 'img',
    group,
    attributes: { id, src, width: 256, height: 256, node_type: 'img' },
    messages: [],
    meta: { label },
  };
}

export function anchorNode(id: string, group: UiNodeGroup, href: string, title: UiText): UiNode {
  return {
    type: 'a',
    group,
    attributes: { id, href, title, node_type: 'a' },
    messages: [],
    meta: { label: title },
  };
}

/** What a failed submission adds to freshly built nodes. */
export interface UiFeedback {
  /** Submitted values to show again, by input name. */
  values?: Record<string, unknown>;
  /** Field errors by input name. */
  nodeMessages?: Record<string, UiText[]>;
  /** Flow-wide messages. */
  messages?: UiText[];
}

/** Never echoed back to the browser. */
const SECRET_INPUTS = new Set(['password', 'csrf_token', 'totp_code', 'lookup_secret', 'code']);

export function container(action: string, nodes: UiNode[], feedback: UiFeedback = {}): UiContainer {
  for (const node of nodes) {
    if (node.attributes.node_type !== 'input') continue;
    const attributes = node.attributes;
    const value = feedback.values?.[attributes.name];
    const editable =
      attributes.type !== 'submit' && attributes.type !== 'hidden' && attributes.type !== 'button';
    if (editable && !SECRET_INPUTS.has(attributes.name) && value !== undefined && value !== null) {
      attributes.value = value;
    }
    const messages = feedback.nodeMessages?.[attributes.name];
    if (messages) node.messages = [...messages];
  }
  const ui: UiContainer = { action, method: 'POST', nodes };
  if (feedback.messages && feedback.messages.length > 0) ui.messages = [...feedback.messages];
  return ui;
}

export { texts };
