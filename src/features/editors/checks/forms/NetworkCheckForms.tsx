import type { TypeFormProps } from '../../types';
import type { FieldSpec } from '../../../../ui/form/FieldList';
import { field } from '../../../../ui/form/FieldList';
import { CheckFields } from './common';

export { tcpDefaults, icmpDefaults } from './defaults';

/** The time limit of a network check, failing it when `what` takes longer. */
function thresholdField(what: string): FieldSpec {
  return field('number', 'thresholdMillis', 'Threshold (ms)', {
    helperText: `The check fails when ${what} takes longer`,
  });
}

const TCP_FIELDS: readonly FieldSpec[] = [
  field('text', 'endpoint', 'Endpoint', { placeholder: 'host:port', required: true }),
  thresholdField('connecting'),
];

/** The form of a TCP check: an endpoint (`host:port`) and a time limit. */
export function TcpCheckForm(props: TypeFormProps) {
  return <CheckFields {...props} fields={TCP_FIELDS} />;
}

const ICMP_FIELDS: readonly FieldSpec[] = [
  field('text', 'endpoint', 'Endpoint', { placeholder: 'host name or address', required: true }),
  field('number', 'packetCount', 'Packet count'),
  field('number', 'packetLossThreshold', 'Packet loss threshold (%)', {
    helperText: 'The check fails when more packets are lost',
  }),
  thresholdField('the round trip'),
];

/** The form of an ICMP ping check. */
export function IcmpCheckForm(props: TypeFormProps) {
  return <CheckFields {...props} fields={ICMP_FIELDS} />;
}
