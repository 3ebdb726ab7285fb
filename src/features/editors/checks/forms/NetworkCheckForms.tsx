import type { TypeFormProps } from '../../types';
import type { FieldSpec } from '../../../../ui/form/FieldList';
import { CheckFields } from './common';

/** A new TCP check. */
export function tcpDefaults(): Record<string, unknown> {
  return { name: '' };
}

/** The time limit of a network check, failing it when `what` takes longer. */
function thresholdField(what: string): FieldSpec {
  return {
    kind: 'number',
    name: 'thresholdMillis',
    label: 'Threshold (ms)',
    helperText: `The check fails when ${what} takes longer`,
  };
}

const TCP_FIELDS: readonly FieldSpec[] = [
  { kind: 'text', name: 'endpoint', label: 'Endpoint', placeholder: 'host:port', required: true },
  thresholdField('connecting'),
];

/** The form of a TCP check: an endpoint (`host:port`) and a time limit. */
export function TcpCheckForm(props: TypeFormProps) {
  return <CheckFields {...props} fields={TCP_FIELDS} />;
}

/** A new ICMP ping check. */
export function icmpDefaults(): Record<string, unknown> {
  return { name: '' };
}

const ICMP_FIELDS: readonly FieldSpec[] = [
  {
    kind: 'text',
    name: 'endpoint',
    label: 'Endpoint',
    placeholder: 'host name or address',
    required: true,
  },
  { kind: 'number', name: 'packetCount', label: 'Packet count' },
  {
    kind: 'number',
    name: 'packetLossThreshold',
    label: 'Packet loss threshold (%)',
    helperText: 'The check fails when more packets are lost',
  },
  thresholdField('the round trip'),
];

/** The form of an ICMP ping check. */
export function IcmpCheckForm(props: TypeFormProps) {
  return <CheckFields {...props} fields={ICMP_FIELDS} />;
}
