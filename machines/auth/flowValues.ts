import type { UiNode, UiNodeInputAttributes } from '@ory/client';
import type { FlowValue, FlowValues, SubmitTrigger } from './flowTypes';

/** Nodes shared by every form of a flow (`csrf_token`, the login identifier...). */
export const DEFAULT_GROUP = 'default';

/** The input attributes of a node, or undefined for text, images, links and scripts. */
export function inputAttributes(node: UiNode): UiNodeInputAttributes | undefined {
  return node.attributes.node_type === 'input' ? node.attributes : undefined;
}

/** Submit and script buttons carry no value of their own until clicked. */
function holdsValue(attributes: UiNodeInputAttributes): boolean {
  return attributes.type !== 'submit' && attributes.type !== 'button';
}

function toValue(attributes: UiNodeInputAttributes): FlowValue {
  const { value } = attributes;
  if (attributes.type === 'checkbox') return value === true || value === 'true';
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : String(value);
}

/** The values a flow's inputs start with, as the identity service filled them in. */
export function initialValues(nodes: readonly UiNode[]): FlowValues {
  const values: FlowValues = {};
  for (const node of nodes) {
    const attributes = inputAttributes(node);
    if (attributes && holdsValue(attributes)) values[attributes.name] = toValue(attributes);
  }
  return values;
}

/**
 * The values of a flow that replaces the one the user was typing into (a 400 with messages, a
 * restarted flow): what the user typed stays wherever the new flow still has that field;
 * hidden fields (the CSRF token above all) always take the new flow's value.
 */
export function mergeTypedValues(nodes: readonly UiNode[], typed: FlowValues): FlowValues {
  const values = initialValues(nodes);
  for (const node of nodes) {
    const attributes = inputAttributes(node);
    if (!attributes || !holdsValue(attributes) || attributes.type === 'hidden') continue;
    const previous = typed[attributes.name];
    if (previous !== undefined) values[attributes.name] = previous;
  }
  return values;
}

/** True when the flow has at least one node of the group. */
export function hasGroup(nodes: readonly UiNode[], group: string): boolean {
  return nodes.some((node) => node.group === group);
}

/**
 * The update body for the form of `trigger.group`: the values of that group's inputs and of the
 * `default` group's (the CSRF token), plus the clicked button's name and value.
 */
export function buildBody(
  nodes: readonly UiNode[],
  values: FlowValues,
  trigger: SubmitTrigger,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const node of nodes) {
    if (node.group !== DEFAULT_GROUP && node.group !== trigger.group) continue;
    const attributes = inputAttributes(node);
    if (!attributes || !holdsValue(attributes)) continue;
    body[attributes.name] =
      attributes.type === 'hidden'
        ? toValue(attributes)
        : (values[attributes.name] ?? toValue(attributes));
  }
  if (trigger.name) body[trigger.name] = trigger.value;
  return body;
}
