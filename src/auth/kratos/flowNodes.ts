import type { UiNode, UiText } from '@ory/client';
import { DEFAULT_GROUP } from '../../../machines/auth/flowValues';

/** The nodes of the given groups plus the shared `default` group, in the flow's order. */
export function nodesOfGroups(nodes: readonly UiNode[], groups?: readonly string[]): UiNode[] {
  if (!groups) return [...nodes];
  return nodes.filter((node) => node.group === DEFAULT_GROUP || groups.includes(node.group));
}

/** The human label of a node (`meta.label`), else its name or id. */
export function nodeLabel(node: UiNode): string {
  const label = node.meta.label?.text;
  if (label) return label;
  const { attributes } = node;
  if (attributes.node_type === 'input') return attributes.label?.text ?? attributes.name;
  if (attributes.node_type === 'a') return attributes.title.text;
  return 'id' in attributes ? String(attributes.id) : '';
}

/** A stable key for a node: inputs by name and value (several `method` buttons), others by id. */
export function nodeKey(node: UiNode, index: number): string {
  const { attributes } = node;
  if (attributes.node_type === 'input') {
    const value = attributes.type === 'submit' ? `:${String(attributes.value ?? '')}` : '';
    return `${node.group}:${attributes.name}${value}`;
  }
  return 'id' in attributes ? `${attributes.node_type}:${String(attributes.id)}` : `node-${index}`;
}

/** True when any of the messages is an error. */
export function hasError(messages: readonly UiText[]): boolean {
  return messages.some((message) => message.type === 'error');
}

/** The first submit node of the form's groups: what pressing Enter in a field submits. */
export function firstSubmitNode(nodes: readonly UiNode[]): UiNode | undefined {
  return nodes.find(
    (node) => node.attributes.node_type === 'input' && node.attributes.type === 'submit',
  );
}
