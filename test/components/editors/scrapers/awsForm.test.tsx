import { screen } from '@testing-library/react';
import { AwsForm } from '../../../../src/features/editors/scrapers/forms/AwsForm';
import {
  fillConnection,
  removeTag,
  renderScraperForm,
  textbox,
  typeTags,
} from './renderScraperForm';

const prefix = 'spec.aws[0]';

describe('the AWS scraper form', () => {
  it('sends a filled form as a config-db aws scrape config', async () => {
    const { user, submit, submitted } = renderScraperForm(AwsForm, {
      prefix,
      initialValues: { spec: { aws: [{ region: [] }] } },
    });
    await fillConnection(user, 'Connection', 'connection://default/aws');
    await user.type(textbox('Access Key'), 'AKIA1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Secret Key from' }), 'secret');
    await user.type(textbox('Secret Key secret name (required)'), 'aws');
    await user.type(textbox('Secret Key secret key (required)'), 'secret');
    await typeTags(user, textbox('Regions'), ['eu-west-1', 'us-east-1']);
    await user.type(textbox('Endpoint'), 'http://localstack:4566');
    await user.click(screen.getByLabelText('Skip TLS Verify'));
    await user.type(textbox('Assume Role'), 'arn:aws:iam::1:role/r');
    await typeTags(user, textbox('CloudTrail Exclude'), ['AssumeRole']);
    await user.type(textbox('CloudTrail Max Age'), '7d');
    await user.click(screen.getByLabelText('Trusted Advisor Check'));
    await typeTags(user, textbox('Include'), ['EC2']);
    await typeTags(user, textbox('Exclude'), ['IAM']);
    await user.type(textbox('Cost Reporting S3 Bucket Path'), 's3://costs/cur');
    await user.type(textbox('Cost Reporting Table'), 'cur');
    await user.type(textbox('Cost Reporting Database'), 'athena');
    await user.type(textbox('Cost Reporting Region'), 'us-east-1');
    await submit();
    expect(submitted()).toEqual({
      spec: {
        aws: [
          {
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
          },
        ],
      },
    });
  });

  it('turns a switch back off and removes a region', async () => {
    const { user, submit, submitted } = renderScraperForm(AwsForm, {
      prefix,
      initialValues: {
        spec: { aws: [{ region: ['eu-west-1', 'us-east-1'], skipTLSVerify: true }] },
      },
    });
    expect(screen.getByLabelText('Skip TLS Verify')).toBeChecked();
    await user.click(screen.getByLabelText('Skip TLS Verify'));
    await removeTag(user, 'eu-west-1');
    await submit();
    expect(submitted()).toEqual({
      spec: { aws: [{ region: ['us-east-1'], skipTLSVerify: false }] },
    });
  });
});
