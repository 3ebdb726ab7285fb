import '../../support/withMonacoMock';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ConnectionRow } from './connectionsBackend';
import { NEW_ID, SLOW, UI_ID, renderConnections } from './connectionsBackend';

const CREATOR = '0190d1a2-7c4e-7000-8000-000000000001';
const HTTP_ID = '0190d1a2-7c4e-7000-8000-00000000c0b1';

/** A stored HTTP connection with basic credentials. */
const HTTP_ROW: ConnectionRow = {
  id: HTTP_ID,
  name: 'status-api',
  namespace: 'sre',
  type: 'http',
  url: 'https://status.internal',
  username: 'probe',
  password: 'secret://status-api/password',
  certificate: null,
  insecure_tls: false,
  properties: null,
  source: 'UI',
  created_by: CREATOR,
  created_at: '2026-01-05T10:00:00Z',
  updated_at: '2026-01-05T10:00:00Z',
  deleted_at: null,
};

const ui = {
  dialog: (name: string) => screen.findByRole('dialog', { name }, SLOW),
  /** A text box by its label, "(required)" or not. */
  text: (form: HTMLElement, label: string) =>
    within(form).getByRole('textbox', { name: new RegExp(`^${label}( \\(required\\))?$`) }),
  /** A masked value (a password, a key) by its label. */
  masked: (form: HTMLElement, label: string) =>
    within(form).getByLabelText(new RegExp(`^${label}( \\(required\\))?$`)),
  select: (form: HTMLElement, label: string) =>
    within(form).getByRole('combobox', { name: new RegExp(`^${label}( \\(required\\))?$`) }),
  save: (form: HTMLElement, user: UserEvent) =>
    user.click(within(form).getByRole('button', { name: 'Save' })),
};

/** Opens the form of a new connection of `type`, names it `name` and returns the dialog. */
async function newConnection(type: string, title: string, name = 'conn') {
  const rendered = renderConnections(`/settings/connections?id=new&type=${type}`);
  const form = await ui.dialog(title);
  await rendered.user.type(ui.text(form, 'Name'), name);
  return { ...rendered, form };
}

/** The body of the one POST, once it is made. */
async function created(backend: ReturnType<typeof renderConnections>['backend']) {
  expect(await screen.findByText('Connection created successfully', {}, SLOW)).toBeInTheDocument();
  const posts = backend.connections.writes.filter((write) => write.method === 'POST');
  expect(posts).toHaveLength(1);
  return posts[0]!.body;
}

describe('the newer connection types', () => {
  it('saves a Gemini connection as an API key and a model, with no endpoint', async () => {
    const { user, form, backend } = await newConnection('gemini', 'Add Gemini Connection');
    expect(within(form).queryByRole('textbox', { name: /^URL/ })).toBeNull();
    expect(ui.text(form, 'Model')).toHaveValue('gemini-2.5-flash');
    await user.type(ui.masked(form, 'API Key'), 'AIza-1');
    await ui.save(form, user);
    expect(await created(backend)).toEqual({
      name: 'conn',
      type: 'gemini',
      password: 'AIza-1',
      properties: { model: 'gemini-2.5-flash' },
      created_by: CREATOR,
    });
  });

  it('saves a Loki connection with basic authentication', async () => {
    const { user, form, backend } = await newConnection('loki', 'Add Loki Connection', 'logs');
    await user.type(ui.text(form, 'URL'), 'http://loki:3100');
    await user.selectOptions(ui.select(form, 'Authentication'), 'Basic');
    await user.type(ui.text(form, 'Username'), 'tenant-1');
    await user.type(ui.masked(form, 'Password'), 'pw');
    await ui.save(form, user);
    expect(await created(backend)).toEqual({
      name: 'logs',
      namespace: 'default',
      type: 'loki',
      url: 'http://loki:3100',
      username: 'tenant-1',
      password: 'pw',
      properties: {},
      created_by: CREATOR,
    });
  });

  it('saves an OpenSearch connection with its index and Insecure TLS under properties', async () => {
    const { user, form, backend } = await newConnection('opensearch', 'Add OpenSearch Connection');
    await user.type(ui.text(form, 'URL'), 'https://search:9200');
    await user.type(ui.text(form, 'Index'), 'logs-*');
    await user.click(within(form).getByLabelText('Insecure TLS'));
    await ui.save(form, user);
    expect(await created(backend)).toEqual({
      name: 'conn',
      namespace: 'default',
      type: 'opensearch',
      url: 'https://search:9200',
      properties: { index: 'logs-*', insecure_tls: 'true' },
      created_by: CREATOR,
    });
  });

  it('saves an AWS KMS connection with its key, keys and region', async () => {
    const { user, form, backend } = await newConnection('aws_kms', 'Add AWS KMS Connection');
    await user.type(ui.text(form, 'Key ID'), 'alias/mission-control');
    await user.type(ui.text(form, 'Access Key'), 'AKIA1');
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'Secret Key from' }),
      'secret',
    );
    await user.type(ui.text(form, 'Secret Key secret name'), 'aws');
    await user.type(ui.text(form, 'Secret Key secret key'), 'secret-key');
    await user.type(ui.text(form, 'Region'), 'eu-west-1');
    await ui.save(form, user);
    expect(await created(backend)).toEqual({
      name: 'conn',
      namespace: 'default',
      type: 'aws_kms',
      username: 'AKIA1',
      password: 'secret://aws/secret-key',
      insecure_tls: false,
      properties: { keyID: 'alias/mission-control', region: 'eu-west-1' },
      created_by: CREATOR,
    });
  });

  it('saves a GCP KMS connection with its key, project and credentials', async () => {
    const { user, form, backend } = await newConnection('gcp_kms', 'Add GCP KMS Connection');
    const key = 'projects/p/locations/global/keyRings/mc/cryptoKeys/secrets';
    await user.type(ui.text(form, 'Key ID'), key);
    await user.type(ui.text(form, 'Project'), 'p');
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'Credentials from' }),
      'secret',
    );
    await user.type(ui.text(form, 'Credentials secret name'), 'gcp-sa');
    await user.type(ui.text(form, 'Credentials secret key'), 'key.json');
    await ui.save(form, user);
    expect(await created(backend)).toEqual({
      name: 'conn',
      namespace: 'default',
      type: 'gcp_kms',
      certificate: 'secret://gcp-sa/key.json',
      properties: { keyID: key, project: 'p' },
      created_by: CREATOR,
    });
  });

  it('saves an Azure Key Vault connection with its key, client and tenant', async () => {
    const { user, form, backend } = await newConnection(
      'azure_key_vault',
      'Add Azure Key Vault Connection',
    );
    await user.type(ui.text(form, 'Key ID'), 'https://mc.vault.azure.net/keys/secrets');
    await user.type(ui.text(form, 'Client ID'), 'app-1');
    await user.type(ui.masked(form, 'Client Secret'), 's3cret');
    await user.type(ui.text(form, 'Tenant ID'), 'tenant-1');
    await ui.save(form, user);
    expect(await created(backend)).toEqual({
      name: 'conn',
      namespace: 'default',
      type: 'azure_key_vault',
      username: 'app-1',
      password: 's3cret',
      properties: { keyID: 'https://mc.vault.azure.net/keys/secrets', tenant: 'tenant-1' },
      created_by: CREATOR,
    });
  });
});

describe('an SMTP connection', () => {
  it('saves its options in the URL and properties, and opens with them again', async () => {
    const { user, form, backend } = await newConnection('email', 'Add SMTP Connection', 'mail');
    expect(ui.text(form, 'Port')).toHaveValue('587');
    expect(ui.select(form, 'Auth Method')).toHaveValue('Plain');
    expect(ui.select(form, 'Encryption Method')).toHaveValue('Auto');
    await user.type(ui.text(form, 'Host'), 'smtp.example.com');
    await user.clear(ui.text(form, 'Port'));
    await user.type(ui.text(form, 'Port'), '465');
    await user.type(ui.text(form, 'Username'), 'mailer');
    await user.type(ui.masked(form, 'Password'), 'pw');
    await user.selectOptions(ui.select(form, 'Auth Method'), 'CRAMMD5');
    await user.selectOptions(ui.select(form, 'Encryption Method'), 'ImplicitTLS');
    await user.type(ui.text(form, 'From'), 'alerts@example.com');
    await user.type(ui.text(form, 'From Name'), 'Mission Control');
    await user.type(ui.text(form, 'Subject'), 'Alert');
    await user.click(within(form).getByRole('button', { name: 'Add Header' }));
    await user.type(within(form).getByRole('textbox', { name: 'Header 1 key' }), 'X-Team');
    await user.type(within(form).getByRole('textbox', { name: 'Header 1 value' }), 'sre');
    await ui.save(form, user);

    expect(await created(backend)).toEqual({
      name: 'mail',
      namespace: 'default',
      type: 'email',
      url: 'smtp://$(username):$(password)@smtp.example.com:465/?UseStartTLS=false&Encryption=ImplicitTLS&Auth=CRAMMD5&from=alerts@example.com',
      username: 'mailer',
      password: 'pw',
      insecure_tls: false,
      properties: {
        host: 'smtp.example.com',
        port: '465',
        auth: 'CRAMMD5',
        encryptionMethod: 'ImplicitTLS',
        from: 'alerts@example.com',
        fromname: 'Mission Control',
        subject: 'Alert',
        headers: '{"X-Team":"sre"}',
      },
      created_by: CREATOR,
    });

    // Opened again from the list, the form shows what was saved.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(await screen.findByText('mail', {}, SLOW));
    const opened = await ui.dialog('SMTP Connection');
    expect(await within(opened).findByRole('textbox', { name: /^Host/ }, SLOW)).toHaveValue(
      'smtp.example.com',
    );
    expect(ui.text(opened, 'Port')).toHaveValue('465');
    expect(ui.select(opened, 'Auth Method')).toHaveValue('CRAMMD5');
    expect(ui.select(opened, 'Encryption Method')).toHaveValue('ImplicitTLS');
    expect(ui.text(opened, 'From Name')).toHaveValue('Mission Control');
    expect(within(opened).getByRole('textbox', { name: 'Header 1 value' })).toHaveValue('sre');
    expect(backend.connections.rows.some((row) => row.id === NEW_ID)).toBe(true);
  });
});

describe('optional authentication of HTTP-like connections', () => {
  it('saves a new HTTP connection without credentials when None is chosen', async () => {
    const { user, form, backend } = await newConnection('http', 'Add HTTP Connection', 'open');
    expect(ui.select(form, 'Authentication')).toHaveValue('');
    expect(within(form).queryByRole('textbox', { name: /^Username/ })).toBeNull();
    await user.type(ui.text(form, 'URL'), 'https://open.example.com');
    // Basic typed in, then None chosen again: nothing of it is saved.
    await user.selectOptions(ui.select(form, 'Authentication'), 'Basic');
    await user.type(ui.text(form, 'Username'), 'someone');
    await user.selectOptions(ui.select(form, 'Authentication'), 'None');
    await ui.save(form, user);
    const body = await created(backend);
    expect(body).toEqual({
      name: 'open',
      namespace: 'default',
      type: 'http',
      url: 'https://open.example.com',
      insecure_tls: false,
      properties: {},
      created_by: CREATOR,
    });
  });

  it('saves a bearer token under properties when Bearer Token is chosen', async () => {
    const { user, form, backend } = await newConnection('prometheus', 'Add Prometheus Connection');
    await user.type(ui.text(form, 'URL'), 'http://prom:9090');
    await user.selectOptions(ui.select(form, 'Authentication'), 'Bearer Token');
    await user.type(ui.masked(form, 'Bearer Token'), 'tok');
    await ui.save(form, user);
    expect(await created(backend)).toMatchObject({
      type: 'prometheus',
      url: 'http://prom:9090',
      properties: { bearer: 'tok' },
    });
    expect(backend.connections.writes[0]!.body).not.toHaveProperty('username');
  });

  it('opens a stored connection with credentials on Basic, and None clears them', async () => {
    const { user, backend } = renderConnections(`/settings/connections?id=${HTTP_ID}`);
    backend.connections.rows.push(HTTP_ROW);
    const form = await ui.dialog('HTTP Connection');
    await waitFor(() => expect(ui.select(form, 'Authentication')).toHaveValue('basic'));
    expect(ui.text(form, 'Username')).toHaveValue('probe');
    await user.selectOptions(ui.select(form, 'Authentication'), 'None');
    await user.click(within(form).getByRole('button', { name: 'Update' }));
    expect(
      await screen.findByText('Connection updated successfully', {}, SLOW),
    ).toBeInTheDocument();
    const patch = backend.connections.writes.find((write) => write.method === 'PATCH')!;
    expect(patch.body).toMatchObject({ type: 'http', username: null, password: null });
  });
});

describe('copying a connection URL', () => {
  const clipboard = () => {
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    return writeText;
  };

  it('copies connection://{namespace}/{name} from a row without opening it', async () => {
    const { user, currentUrl } = renderConnections();
    const row = (await screen.findByText('aws-prod', {}, SLOW)).closest('tr')!;
    const writeText = clipboard();
    await user.click(within(row).getByRole('button', { name: 'Copy URL' }));
    expect(await screen.findByText('Copied', {}, SLOW)).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('connection://platform/aws-prod');
    expect(currentUrl()).not.toContain('id=');
  });

  it('copies it from the open connection too', async () => {
    const { user } = renderConnections(`/settings/connections?id=${UI_ID}`);
    const form = await ui.dialog('MySQL Connection');
    const writeText = clipboard();
    await user.click(await within(form).findByRole('button', { name: 'Copy URL' }, SLOW));
    expect(await screen.findByText('Copied', {}, SLOW)).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('connection://default/legacy-crm');
  });
});
