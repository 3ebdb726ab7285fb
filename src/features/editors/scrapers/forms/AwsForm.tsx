import type { FieldSpec } from '../../../../ui/form/FieldList';
import { field, FieldList } from '../../../../ui/form/FieldList';
import type { TypeFormProps } from '../../types';
import { connectionField } from './common';

export { awsDefaults } from './defaults';

/** The fields of the AWS scraper, as config-db names them. */
const AWS_FIELDS: readonly FieldSpec[] = [
  connectionField(),
  field('envVar', 'accessKey', 'Access Key'),
  field('envVar', 'secretKey', 'Secret Key', { secret: true }),
  field('tags', 'region', 'Regions', { placeholder: 'eu-west-1' }),
  field('text', 'endpoint', 'Endpoint'),
  field('switch', 'skipTLSVerify', 'Skip TLS Verify'),
  field('text', 'assumeRole', 'Assume Role', {
    placeholder: 'arn:aws:iam::123456789012:role/scraper',
  }),
  field('tags', 'cloudtrail.exclude', 'CloudTrail Exclude', {
    placeholder: 'AssumeRole',
    helperText: 'Event names not turned into changes',
  }),
  field('text', 'cloudtrail.max_age', 'CloudTrail Max Age', { placeholder: '7d' }),
  field('switch', 'trusted_advisor_check', 'Trusted Advisor Check'),
  field('tags', 'include', 'Include', { placeholder: 'EC2' }),
  field('tags', 'exclude', 'Exclude', { placeholder: 'IAM' }),
  field('text', 'cost_reporting.s3_bucket_path', 'Cost Reporting S3 Bucket Path', {
    placeholder: 's3://bucket/path',
  }),
  field('text', 'cost_reporting.table', 'Cost Reporting Table'),
  field('text', 'cost_reporting.database', 'Cost Reporting Database'),
  field('text', 'cost_reporting.region', 'Cost Reporting Region'),
];

/**
 * The AWS scraper (config-db `aws`): an account's resources in some regions. The connection's
 * fields (credentials, regions, endpoint, role) sit in the entry itself, as config-db has them.
 */
export function AwsForm({ prefix, disabled }: TypeFormProps) {
  return <FieldList prefix={prefix} fields={AWS_FIELDS} disabled={disabled} />;
}
