import type { TypeFormProps } from '../../types';
import { NumberField } from '../../../../ui/form/NumberField';
import { TextField } from '../../../../ui/form/TextField';
import { at, CommonCheckFields } from './common';

/** A new TCP check. */
export function tcpDefaults(): Record<string, unknown> {
  return { name: '' };
}

/** The form of a TCP check: an endpoint (`host:port`) and a time limit. */
export function TcpCheckForm({ prefix, disabled }: TypeFormProps) {
  return (
    <>
      <CommonCheckFields prefix={prefix} disabled={disabled} />
      <TextField
        name={at(prefix, 'endpoint')}
        label="Endpoint"
        placeholder="host:port"
        required
        disabled={disabled}
      />
      <NumberField
        name={at(prefix, 'thresholdMillis')}
        label="Threshold (ms)"
        helperText="The check fails when connecting takes longer"
        disabled={disabled}
      />
    </>
  );
}

/** A new ICMP ping check. */
export function icmpDefaults(): Record<string, unknown> {
  return { name: '' };
}

/** The form of an ICMP ping check. */
export function IcmpCheckForm({ prefix, disabled }: TypeFormProps) {
  return (
    <>
      <CommonCheckFields prefix={prefix} disabled={disabled} />
      <TextField
        name={at(prefix, 'endpoint')}
        label="Endpoint"
        placeholder="host name or address"
        required
        disabled={disabled}
      />
      <NumberField name={at(prefix, 'packetCount')} label="Packet count" disabled={disabled} />
      <NumberField
        name={at(prefix, 'packetLossThreshold')}
        label="Packet loss threshold (%)"
        helperText="The check fails when more packets are lost"
        disabled={disabled}
      />
      <NumberField
        name={at(prefix, 'thresholdMillis')}
        label="Threshold (ms)"
        helperText="The check fails when the round trip takes longer"
        disabled={disabled}
      />
    </>
  );
}
