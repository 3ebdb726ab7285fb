import { screen } from '@testing-library/react';
import { AwsForm } from '../../../../src/features/editors/scrapers/forms/AwsForm';
import { TOGGLE } from '../../../support/fillFields';
import { removeTag, renderScraperForm } from './renderScraperForm';

const prefix = 'spec.aws[0]';

describe('the AWS scraper form', () => {
  it('sends a filled form as a config-db aws scrape config', async () => {
    const { fill, expectSent } = renderScraperForm(AwsForm, {
      prefix,
      initialValues: { spec: { aws: [{ region: [] }] } },
    });
    await fill({
      Connection: { paste: 'connection://default/aws' },
      'Access Key': 'AKIA1',
      'Secret Key from': { choose: 'secret' },
      'Secret Key secret name (required)': 'aws',
      'Secret Key secret key (required)': 'secret',
      Regions: ['eu-west-1', 'us-east-1'],
      Endpoint: 'http://localstack:4566',
      'Skip TLS Verify': TOGGLE,
      'Assume Role': 'arn:aws:iam::1:role/r',
      'CloudTrail Exclude': ['AssumeRole'],
      'CloudTrail Max Age': '7d',
      'Trusted Advisor Check': TOGGLE,
      Include: ['EC2'],
      Exclude: ['IAM'],
      'Cost Reporting S3 Bucket Path': 's3://costs/cur',
      'Cost Reporting Table': 'cur',
      'Cost Reporting Database': 'athena',
      'Cost Reporting Region': 'us-east-1',
    });
    await expectSent({
      connection: 'connection://default/aws',
      accessKey: { value: 'AKIA1' },
      secretKey: { valueFrom: { secretKeyRef: { name: 'aws', key: 'secret' } } },
      region: ['eu-west-1', 'us-east-1'],
      endpoint: 'http://localstack:4566',
      skipTLSVerify: true,
      assumeRole: 'arn:aws:iam::1:role/r',
      cloudtrail: { exclude: ['AssumeRole'], max_age: '7d' },
      trusted_advisor_check: true,
      include: ['EC2'],
      exclude: ['IAM'],
      cost_reporting: {
        s3_bucket_path: 's3://costs/cur',
        table: 'cur',
        database: 'athena',
        region: 'us-east-1',
      },
    });
  });

  it('turns a switch back off and removes a region', async () => {
    const { user, fill, expectSent } = renderScraperForm(AwsForm, {
      prefix,
      initialValues: {
        spec: { aws: [{ region: ['eu-west-1', 'us-east-1'], skipTLSVerify: true }] },
      },
    });
    expect(screen.getByLabelText('Skip TLS Verify')).toBeChecked();
    await fill({ 'Skip TLS Verify': TOGGLE });
    await removeTag(user, 'eu-west-1');
    await expectSent({ region: ['us-east-1'], skipTLSVerify: false });
  });
});
