import { SwitchField } from '../../../../ui/form/SelectField';
import { TagsField } from '../../../../ui/form/TagsField';
import { TextField } from '../../../../ui/form/TextField';
import type { TypeFormProps } from '../../types';
import { ConnectionField } from './common';
import { EnvVarField } from '../../../../ui/form/EnvVarField';

/** A new AWS scrape config. */
export function awsDefaults(): Record<string, unknown> {
  return { region: [] };
}

/**
 * The AWS scraper (config-db `aws`): an account's resources in some regions. The connection's
 * fields (credentials, regions, endpoint, role) sit in the entry itself, as config-db has them.
 */
export function AwsForm({ prefix, disabled }: TypeFormProps) {
  return (
    <>
      <ConnectionField prefix={prefix} disabled={disabled} />
      <EnvVarField name={`${prefix}.accessKey`} label="Access Key" disabled={disabled} />
      <EnvVarField name={`${prefix}.secretKey`} label="Secret Key" secret disabled={disabled} />
      <TagsField
        name={`${prefix}.region`}
        label="Regions"
        placeholder="eu-west-1"
        disabled={disabled}
      />
      <TextField name={`${prefix}.endpoint`} label="Endpoint" disabled={disabled} />
      <SwitchField name={`${prefix}.skipTLSVerify`} label="Skip TLS Verify" disabled={disabled} />
      <TextField
        name={`${prefix}.assumeRole`}
        label="Assume Role"
        placeholder="arn:aws:iam::123456789012:role/scraper"
        disabled={disabled}
      />
      <TagsField
        name={`${prefix}.cloudtrail.exclude`}
        label="CloudTrail Exclude"
        placeholder="AssumeRole"
        helperText="Event names not turned into changes"
        disabled={disabled}
      />
      <TextField
        name={`${prefix}.cloudtrail.max_age`}
        label="CloudTrail Max Age"
        placeholder="7d"
        disabled={disabled}
      />
      <SwitchField
        name={`${prefix}.trusted_advisor_check`}
        label="Trusted Advisor Check"
        disabled={disabled}
      />
      <TagsField name={`${prefix}.include`} label="Include" placeholder="EC2" disabled={disabled} />
      <TagsField name={`${prefix}.exclude`} label="Exclude" placeholder="IAM" disabled={disabled} />
      <TextField
        name={`${prefix}.cost_reporting.s3_bucket_path`}
        label="Cost Reporting S3 Bucket Path"
        placeholder="s3://bucket/path"
        disabled={disabled}
      />
      <TextField
        name={`${prefix}.cost_reporting.table`}
        label="Cost Reporting Table"
        disabled={disabled}
      />
      <TextField
        name={`${prefix}.cost_reporting.database`}
        label="Cost Reporting Database"
        disabled={disabled}
      />
      <TextField
        name={`${prefix}.cost_reporting.region`}
        label="Cost Reporting Region"
        disabled={disabled}
      />
    </>
  );
}
