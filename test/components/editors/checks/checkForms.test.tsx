import { screen, waitFor, within } from '@testing-library/react';
import { CHECK_FORMS } from '../../../../src/features/editors/checks/forms';
import { NOT_A_NUMBER, REQUIRED } from '../../../../src/ui/form/fieldError';
import { PRESS } from '../../../support/fillFields';
import { renderCheckForm } from './renderCheckForm';

/**
 * The form of a check type, rendered where the editor puts it (`spec.<key>[0]`), once it has
 * loaded (each type's form loads with it).
 */
async function renderType(key: string, entry?: Record<string, unknown>) {
  const type = CHECK_FORMS[key];
  if (!type?.Form || !type.defaults) throw new Error(`No form for ${key}`);
  const rendered = renderCheckForm(type.Form, {
    prefix: `spec.${key}[0]`,
    entry: entry ?? type.defaults(),
  });
  await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  return rendered;
}

const textbox = (name: string) => screen.getByRole('textbox', { name });

describe('the TCP check form', () => {
  it('submits the endpoint and threshold', async () => {
    const { fill, expectSent } = await renderType('tcp');
    await fill({
      'Check name (required)': 'db-port',
      'Endpoint (required)': 'db.internal:5432',
      'Threshold (ms)': '300',
    });
    await expectSent({
      name: 'db-port',
      endpoint: 'db.internal:5432',
      thresholdMillis: 300,
    });
  });

  it('requires the name and the endpoint', async () => {
    const { submit, onSubmit } = await renderType('tcp');
    await submit();
    expect(screen.getAllByText(REQUIRED)).toHaveLength(2);
    expect(textbox('Endpoint (required)')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('the ICMP check form', () => {
  it('submits the endpoint and its numbers, parsed as integers', async () => {
    const { fill, expectSent } = await renderType('icmp');
    await fill({
      'Check name (required)': 'gateway',
      'Endpoint (required)': '10.0.0.1',
      'Packet count': '5',
      'Packet loss threshold (%)': '20.9',
      'Threshold (ms)': '100',
    });
    await expectSent({
      name: 'gateway',
      endpoint: '10.0.0.1',
      packetCount: 5,
      packetLossThreshold: 20,
      thresholdMillis: 100,
    });
  });

  it('rejects a count that is not a number', async () => {
    const { user, fill, submit, onSubmit } = await renderType('icmp', { name: 'g', endpoint: 'h' });
    await fill({ 'Packet count': 'five' });
    await user.tab();
    expect(screen.getByText(NOT_A_NUMBER)).toBeInTheDocument();
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('the exec check form', () => {
  it('submits a multi-line script and requires one', async () => {
    const { user, fill, submit, onSubmit, expectSent } = await renderType('exec');
    await fill({ 'Check name (required)': 'disk' });
    await submit();
    expect(textbox('Script (required)')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
    await fill({ 'Script (required)': 'df -h /\necho done' });
    await user.type(textbox('Script (required)'), '{Enter}exit 0');
    await expectSent({ name: 'disk', script: 'df -h /\necho done\nexit 0' });
  });
});

describe('the Redis check form', () => {
  it('starts on database 0 and submits the address and credentials', async () => {
    const { fill, expectSent } = await renderType('redis');
    expect(textbox('Database')).toHaveValue('0');
    await fill({
      'Check name (required)': 'cache',
      'Address (required)': 'redis:6379',
      Username: 'default',
      Password: 'pw',
    });
    await expectSent({
      name: 'cache',
      addr: 'redis:6379',
      db: 0,
      username: 'default',
      password: 'pw',
    });
  });

  it('requires the address', async () => {
    const { fill, submit, onSubmit } = await renderType('redis');
    await fill({ 'Check name (required)': 'cache' });
    await submit();
    expect(screen.getByText(REQUIRED)).toBeInTheDocument();
    expect(textbox('Address (required)')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('the Elasticsearch check form', () => {
  it('requires the URL, the index and the query, and submits the expected count', async () => {
    const { fill, submit, onSubmit, expectSent } = await renderType('elasticsearch');
    await fill({ 'Check name (required)': 'logs' });
    await submit();
    expect(screen.getAllByText(REQUIRED)).toHaveLength(3);
    expect(onSubmit).not.toHaveBeenCalled();
    await fill({
      'URL (required)': 'http://es:9200',
      'Index (required)': 'logs-*',
      'Query (required)': 'level:error',
      Results: '0',
    });
    await expectSent({
      name: 'logs',
      url: 'http://es:9200',
      index: 'logs-*',
      query: 'level:error',
      results: 0,
    });
  });
});

describe('the Mongo DB check form', () => {
  it('submits the saved connection picked and the URL', async () => {
    const { user, fill, expectSent } = await renderType('mongodb');
    await fill({ 'Check name (required)': 'mongo' });
    // A saved connection is searched by name and chosen among the suggestions.
    await fill({ Connection: 'mon' });
    const option = await screen.findByRole('option', { name: /default\/mongo/ });
    await user.click(within(option).getByText('default/mongo'));
    await fill({ URL: 'mongodb://mongo:27017' });
    await expectSent({
      name: 'mongo',
      connection: 'connection://default/mongo',
      url: 'mongodb://mongo:27017',
    });
  });
});

describe('the Alert Manager check form', () => {
  it('submits the host, the alert lists and the filters as a map', async () => {
    const { fill, expectSent } = await renderType('alertmanager');
    await fill({
      'Check name (required)': 'alerts',
      'Host (required)': 'http://alertmanager:9093',
      Alerts: ['KubePodCrashLooping', 'Watchdog'],
      Ignore: ['InfoInhibitor'],
    });
    await fill({ 'Add Filter': PRESS, 'Filter 1 key': 'severity', 'Filter 1 value': 'critical' });
    await fill({ 'Add Filter': PRESS, 'Filter 2 key': 'namespace', 'Filter 2 value': 'prod' });
    await expectSent({
      name: 'alerts',
      host: 'http://alertmanager:9093',
      alerts: ['KubePodCrashLooping', 'Watchdog'],
      ignore: ['InfoInhibitor'],
      filters: { severity: 'critical', namespace: 'prod' },
    });
  });

  it('shows a loaded check’s filters and requires the host', async () => {
    const { user, submit, onSubmit } = await renderType('alertmanager', {
      name: 'a',
      filters: { team: 'core' },
    });
    expect(textbox('Filter 1 key')).toHaveValue('team');
    expect(textbox('Filter 1 value')).toHaveValue('core');
    await user.click(screen.getByRole('button', { name: 'Remove filter 1' }));
    await submit();
    expect(textbox('Host (required)')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
