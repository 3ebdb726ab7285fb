import type { UiNode } from '@ory/client';
import type { FormEvent } from 'react';
import type { FlowValue, FlowValues, SubmitTrigger } from '../../../machines/auth/selfServiceFlow';
import { FlowNode } from './FlowNode';
import { firstSubmitNode, nodeKey, nodesOfGroups } from './flowNodes';

export interface FlowFormProps {
  /** Accessible name of the form. */
  label: string;
  /** The flow's `ui.nodes`. */
  nodes: readonly UiNode[];
  /** Only the nodes of these groups (and of `default`). Default: every node. */
  groups?: readonly string[];
  /** The form's values, keyed by node name. */
  values: FlowValues;
  /** Disables every control, e.g. while submitting. Default false. */
  disabled?: boolean;
  onValueChange: (name: string, value: FlowValue) => void;
  /** Called with the button that submitted the form (the first one for Enter in a field). */
  onSubmit: (trigger: SubmitTrigger) => void;
}

/** The nodes of a self-service flow rendered as one form, field messages under each field. */
export function FlowForm({
  label,
  nodes,
  groups,
  values,
  disabled = false,
  onValueChange,
  onSubmit,
}: FlowFormProps) {
  const shown = nodesOfGroups(nodes, groups);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (disabled) return;
    const first = firstSubmitNode(shown);
    if (first?.attributes.node_type === 'input') {
      onSubmit({ group: first.group, name: first.attributes.name, value: first.attributes.value });
    } else {
      onSubmit({ group: groups?.[0] ?? 'default' });
    }
  };

  return (
    <form aria-label={label} onSubmit={handleSubmit} noValidate>
      {shown.map((node, index) => {
        const name = node.attributes.node_type === 'input' ? node.attributes.name : undefined;
        return (
          <FlowNode
            key={nodeKey(node, index)}
            node={node}
            value={name === undefined ? undefined : values[name]}
            disabled={disabled}
            onValueChange={onValueChange}
            onSubmitClick={(trigger) => {
              if (!disabled) onSubmit(trigger);
            }}
          />
        );
      })}
    </form>
  );
}
