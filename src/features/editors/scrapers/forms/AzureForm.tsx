import { TextField } from '../../../../ui/form/TextField';
import type { TypeFormProps } from '../../types';
import { ConnectionField, ScraperTagsField, TimestampFields } from './common';

/** A new Azure scrape config. */
export function azureDefaults(): Record<string, unknown> {
  return {};
}

/** The Azure scraper (config-db `azure`): a subscription's resources. */
export function AzureForm({ prefix, disabled }: TypeFormProps) {
  return (
    <>
      <ConnectionField prefix={prefix} disabled={disabled} required />
      <TextField name={`${prefix}.subscriptionID`} label="Subscription ID" disabled={disabled} />
      <ScraperTagsField prefix={prefix} disabled={disabled} />
      <TimestampFields prefix={prefix} disabled={disabled} />
    </>
  );
}
