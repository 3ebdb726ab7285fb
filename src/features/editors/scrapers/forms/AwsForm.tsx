import type { FieldSpec } from '../../../../ui/form/FieldList';
import { FieldList } from '../../../../ui/form/FieldList';
import type { TypeFormProps } from '../../types';
import { connectionField } from './common';

/** A new AWS scrape config. */
export function awsDefaults(): Record<string, unknown> {
  return { region: [] };
}

/** The fields of the AWS scraper, as config-db names them. */
const AWS_FIELDS: readonly FieldSpec[] = [
  connectionField(),
  { kind: 'envVar', name: 'accessKey', label: 'Access Key' },
  { kind: 'envVar', name: 'secretKey', label: 'Secret Key', secret: true },
  { kind: 'tags', name: 'region', label: 'Regions', placeholder: 'eu-west-1' },
  { kind: 'text', name: 'endpoint', label: 'Endpoint' },
  { kind: 'switch', name: 'skipTLSVerify', label: 'Skip TLS Verify' },
  {
    kind: 'text',
    name: 'assumeRole',
    label: 'Assume Role',
    placeholder: 'arn:aws:iam::123456789012:role/scraper',
  },
  {
    kind: 'tags',
    name: 'cloudtrail.exclude',
    label: 'CloudTrail Exclude',
    placeholder: 'AssumeRole',
    helperText: 'Event names not turned into changes',
  },
  { kind: 'text', name: 'cloudtrail.max_age', label: 'CloudTrail Max Age', placeholder: '7d' },
  { kind: 'switch', name: 'trusted_advisor_check', label: 'Trusted Advisor Check' },
  { kind: 'tags', name: 'include', label: 'Include', placeholder: 'EC2' },
  { kind: 'tags', name: 'exclude', label: 'Exclude', placeholder: 'IAM' },
  {
    kind: 'text',
    name: 'cost_reporting.s3_bucket_path',
    label: 'Cost Reporting S3 Bucket Path',
    placeholder: 's3://bucket/path',
  },
  { kind: 'text', name: 'cost_reporting.table', label: 'Cost Reporting Table' },
  { kind: 'text', name: 'cost_reporting.database', label: 'Cost Reporting Database' },
  { kind: 'text', name: 'cost_reporting.region', label: 'Cost Reporting Region' },
];

/**
 * The AWS scraper (config-db `aws`): an account's resources in some regions. The connection's
 * fields (credentials, regions, endpoint, role) sit in the entry itself, as config-db has them.
 */
export function AwsForm({ prefix, disabled }: TypeFormProps) {
  return <FieldList prefix={prefix} fields={AWS_FIELDS} disabled={disabled} />;
}
