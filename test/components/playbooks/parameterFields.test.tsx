import '../../support/withEditableMonacoMock';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { PlaybookParameter } from '../../../src/api/schemas/playbooks';
import { RunPlaybookDialog } from '../../../src/features/playbooks/run/RunPlaybookDialog';
import { server } from '../../support/msw';
import { renderApp } from '../../support/renderApp';
import { resourceSearch } from '../../support/resourceSearch';
import { CONFIG_ID, PLAYBOOK_ID, peopleAndTeams, playbooksBackend } from './playbooksBackend';

// Monaco needs a real browser: the editor is a textarea holding its text, with its height.
function renderFields(params: PlaybookParameter[]) {
  const backend = playbooksBackend({ params });
  const rendered = renderApp(
    <RunPlaybookDialog
      playbook={{ id: PLAYBOOK_ID, title: 'Fields', spec: { configs: [{ name: '*' }] } }}
      resource={{ config_id: CONFIG_ID }}
      onClose={() => undefined}
    />,
    { userOptions: { delay: null } },
  );
  return { ...rendered, backend };
}

const runButton = () => screen.getByRole('button', { name: 'Run' });

/** Presses Run once it is enabled, and returns the `params` PB-09 received. */
async function runAndRead(
  user: ReturnType<typeof renderFields>['user'],
  backend: ReturnType<typeof renderFields>['backend'],
) {
  await waitFor(() => expect(runButton()).toBeEnabled());
  await user.click(runButton());
  await waitFor(() => expect(backend.runBodies).toHaveLength(1));
  return backend.runBodies[0]!.params;
}

/** Types `refused` into `field`, expects `message`, then replaces it with `accepted`. */
async function retype(
  user: ReturnType<typeof renderFields>['user'],
  field: HTMLElement,
  refused: string,
  message: string | RegExp,
  accepted: string,
) {
  await user.type(field, refused);
  expect(await screen.findByText(message)).toBeInTheDocument();
  await user.clear(field);
  await user.type(field, accepted);
}

describe('parameter fields', () => {
  it('text, multiline text, email, url and dns1123 take text and check it', async () => {
    const { user, backend } = renderFields([
      {
        name: 'title',
        label: 'Title',
        description: 'Shown in the run list',
        required: true,
        properties: { regex: '[a-z ]+', maxLength: 12 },
      },
      { name: 'notes', label: 'Notes', type: 'text', properties: { multiline: true } },
      { name: 'mail', label: 'Mail', type: 'email' },
      { name: 'site', label: 'Site', type: 'url' },
      { name: 'host', label: 'Host', type: 'dns1123' },
    ]);
    const title = await screen.findByLabelText(/Title/);
    expect(screen.getByText('Shown in the run list')).toBeInTheDocument();
    expect(title.closest('.bp6-form-group')).toHaveTextContent('(required)');
    await user.type(title, 'Bad1');
    expect(await screen.findByText('Must match the pattern [a-z ]+')).toBeInTheDocument();
    expect(screen.queryByText('Shown in the run list')).not.toBeInTheDocument();
    await user.clear(title);
    await retype(user, title, 'a long title here', 'Must be at most 12 characters', 'restart');

    const notes = screen.getByLabelText('Notes');
    expect(notes.tagName).toBe('TEXTAREA');
    await user.type(notes, 'line one{Enter}line two');

    const mail = screen.getByLabelText('Mail');
    expect(mail).toHaveAttribute('type', 'email');
    await user.type(mail, 'ops@');
    expect(await screen.findByText('Must be a valid email address')).toBeInTheDocument();
    await user.type(mail, 'example.com');

    const site = screen.getByLabelText('Site');
    await retype(user, site, 'nota url', 'Must be a valid URL', 'https://status.example.com');

    const host = screen.getByLabelText('Host');
    await retype(user, host, 'Web_1', /^Must consist of lowercase letters/, 'web-1.prod');

    expect(await runAndRead(user, backend)).toEqual({
      title: 'restart',
      notes: 'line one\nline two',
      mail: 'ops@example.com',
      site: 'https://status.example.com',
      host: 'web-1.prod',
    });
  });

  it('password is masked, shown and hidden, and sent as typed', async () => {
    const { user, backend } = renderFields([
      { name: 'secret', label: 'Secret', type: 'password', required: true },
    ]);
    const secret = await screen.findByLabelText(/Secret/);
    expect(secret).toHaveAttribute('type', 'password');
    await user.click(secret);
    await user.tab();
    await user.tab();
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    await user.type(secret, ' s3cret ');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(secret).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(secret).toHaveAttribute('type', 'password');
    expect(await runAndRead(user, backend)).toEqual({ secret: ' s3cret ' });
  });

  it('number, bytes and millicores take amounts and send them with their units', async () => {
    const { user, backend } = renderFields([
      { name: 'count', label: 'Count', type: 'number', properties: { min: 1 } },
      { name: 'memory', label: 'Memory', type: 'bytes', required: true },
      { name: 'cpu', label: 'CPU', type: 'millicores', default: '250m' },
      { name: 'disk', label: 'Disk', properties: { format: 'bytes' }, default: '2Gi' },
    ]);
    const count = await screen.findByLabelText('Count');
    await retype(user, count, 'two', 'This field must be a number', '0');
    expect(await screen.findByText('Must be at least 1')).toBeInTheDocument();
    await user.clear(count);
    await user.type(count, '007');

    const unit = screen.getByRole('combobox', { name: 'Memory unit' });
    expect(unit).toHaveValue('Mi');
    await user.selectOptions(unit, 'Gi');
    await user.type(screen.getByLabelText(/Memory/, { selector: 'input' }), '1.5');
    expect(screen.getByRole('combobox', { name: 'Memory unit' })).toHaveValue('Gi');

    const disk = screen.getByLabelText('Disk', { selector: 'input' });
    expect(disk).toHaveValue('2');
    expect(screen.getByRole('combobox', { name: 'Disk unit' })).toHaveValue('Gi');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Disk unit' }), 'Ti');

    const cpu = screen.getByLabelText('CPU');
    expect(cpu).toHaveValue('250');
    expect(screen.getByLabelText('millicores')).toHaveTextContent('m');
    await user.clear(cpu);
    await retype(user, cpu, '1.5', 'Must be a whole number of millicores, e.g. 500m', '500');

    expect(await runAndRead(user, backend)).toEqual({
      count: '7',
      memory: '1.5Gi',
      cpu: '500m',
      disk: '2Ti',
    });
  });

  it('reads a bare bytes default as Mi, and keeps the amount when the unit changes', async () => {
    const { user, backend } = renderFields([
      { name: 'memory', label: 'Memory', type: 'bytes', default: '512' },
      { name: 'swap', label: 'Swap', type: 'bytes', default: '64' },
    ]);
    const memory = await screen.findByLabelText('Memory', { selector: 'input' });
    expect(memory).toHaveValue('512');
    expect(screen.getByRole('combobox', { name: 'Memory unit' })).toHaveValue('Mi');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Memory unit' }), 'Gi');
    expect(memory).toHaveValue('512');
    expect(await runAndRead(user, backend)).toEqual({ memory: '512Gi', swap: '64Mi' });
  });

  it('code is edited in its language and size, and checked as it changes', async () => {
    const { user, backend } = renderFields([
      {
        name: 'patch',
        label: 'Patch',
        type: 'code',
        default: '{"replicas":2}',
        properties: { language: 'json', size: 'large' },
      },
      { name: 'values', label: 'Values', type: 'code', properties: { size: 'very-small' } },
    ]);
    const [patch, values] = await screen.findAllByTestId('code');
    expect(patch).toHaveValue('{\n  "replicas": 2\n}');
    expect(patch).toHaveAttribute('data-height', '440px');
    expect(values).toHaveAttribute('data-height', '80px');
    expect(screen.getByRole('group', { name: 'Patch' })).toBeInTheDocument();

    await user.clear(patch!);
    await user.type(patch!, '{{"replicas":');
    expect(await screen.findByText(/^Invalid JSON: /)).toBeInTheDocument();
    expect(runButton()).toBeDisabled();
    await user.type(patch!, ' 3}');
    await user.type(values!, 'a: [[');
    expect(await screen.findByText(/^Invalid YAML: /)).toBeInTheDocument();
    await user.clear(values!);
    await user.type(values!, 'a: 1');

    expect(await runAndRead(user, backend)).toEqual({
      patch: '{"replicas": 3}',
      values: 'a: 1',
    });
  });

  it('checks a code parameter against the JSON schema its jsonSchemaUrl names, as it is typed', async () => {
    const schemaReads: string[] = [];
    server.use(
      http.get('*/api/schemas/scale.schema.json', ({ request }) => {
        schemaReads.push(new URL(request.url).pathname);
        return HttpResponse.json({
          type: 'object',
          required: ['replicas'],
          properties: { replicas: { type: 'integer' } },
        });
      }),
    );
    const { user, backend } = renderFields([
      {
        name: 'patch',
        label: 'Patch',
        type: 'code',
        properties: { language: 'json', jsonSchemaUrl: '/api/schemas/scale.schema.json' },
      },
    ]);
    const [patch] = await screen.findAllByTestId('code');
    await user.type(patch!, '{{"size": 1}');
    expect(
      await screen.findByText(/must have required property 'replicas'/, {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(runButton()).toBeDisabled();
    expect(schemaReads).toEqual(['/api/schemas/scale.schema.json']);
    await user.clear(patch!);
    await user.type(patch!, '{{"replicas": 3}');
    expect(await runAndRead(user, backend)).toEqual({ patch: '{"replicas": 3}' });
  });

  it('leaves a code parameter to the server when its schema cannot be read', async () => {
    server.use(
      http.get('*/api/schemas/missing.schema.json', () =>
        HttpResponse.json({ error: 'schema missing.schema.json not found' }, { status: 404 }),
      ),
    );
    const { user, backend } = renderFields([
      {
        name: 'patch',
        label: 'Patch',
        type: 'code',
        properties: { language: 'json', jsonSchemaUrl: '/api/schemas/missing.schema.json' },
      },
    ]);
    const [patch] = await screen.findAllByTestId('code');
    await user.type(patch!, '{{"size": 1}');
    expect(await runAndRead(user, backend)).toEqual({ patch: '{"size": 1}' });
  });

  it('checkbox and list send their choice', async () => {
    const { user, backend } = renderFields([
      { name: 'dry', label: 'Dry run', type: 'checkbox', description: 'Change nothing' },
      { name: 'force', label: 'Force', type: 'checkbox', default: 'true' },
      {
        name: 'env',
        label: 'Environment',
        type: 'list',
        required: true,
        properties: { options: [{ label: 'Production', value: 'prod' }, 'staging'] },
      },
    ]);
    const dry = await screen.findByRole('checkbox', { name: 'Dry run' });
    expect(dry).not.toBeChecked();
    expect(screen.getByText('Change nothing')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Force' })).toBeChecked();
    await user.click(dry);
    await user.click(screen.getByRole('checkbox', { name: 'Force' }));

    const env = screen.getByLabelText(/Environment/);
    expect(
      within(env)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select an option', 'Production', 'staging']);
    expect(runButton()).toBeDisabled();
    await user.selectOptions(env, 'prod');

    expect(await runAndRead(user, backend)).toEqual({ dry: 'true', force: 'false', env: 'prod' });
  });

  it('config, component and check pickers search with the filter and send the id', async () => {
    const searches = resourceSearch({
      configs: [{ id: 'cfg-9', name: 'orders-db', type: 'AWS::RDS::DBInstance' }],
      components: [{ id: 'cmp-3', name: 'orders' }],
      checks: [{ id: 'chk-4', name: 'orders-http', namespace: 'shop' }],
    });
    const { user, backend } = renderFields([
      {
        name: 'db',
        label: 'Database',
        type: 'config',
        required: true,
        description: 'The database to restore',
        properties: { filter: [{ types: ['AWS::RDS::DBInstance'], namespace: 'shop' }] },
      },
      { name: 'svc', label: 'Service', type: 'component' },
      { name: 'probe', label: 'Probe', type: 'check' },
    ]);
    const db = await screen.findByRole('combobox', { name: /Database/ });
    expect(screen.getByText('The database to restore')).toBeInTheDocument();
    expect(runButton()).toBeDisabled();
    await user.type(db, 'orders');
    const option = await screen.findByRole('option', { name: /^orders-db/ });
    await user.click(within(option).getByText('orders-db'));
    expect(searches).toContainEqual({
      configs: [
        { types: ['AWS::RDS::DBInstance'], namespace: 'shop', search: 'orders', agent: 'all' },
      ],
    });

    await user.type(screen.getByRole('combobox', { name: 'Service' }), 'ord');
    const component = await screen.findByRole('option', { name: 'orders' });
    await user.click(within(component).getByText('orders'));

    await user.type(screen.getByRole('combobox', { name: 'Probe' }), 'http');
    const check = await screen.findByRole('option', { name: /^shop\/orders-http/ });
    await user.click(within(check).getByText('shop/orders-http'));

    expect(await runAndRead(user, backend)).toEqual({ db: 'cfg-9', svc: 'cmp-3', probe: 'chk-4' });
  });

  it('people and team pickers send the chosen id', async () => {
    peopleAndTeams(
      [{ id: 'p-1', name: 'Grace Hopper', email: 'grace@example.com' }],
      [{ id: 't-1', name: 'Platform' }],
    );
    const { user, backend } = renderFields([
      { name: 'owner', label: 'Owner', type: 'people', required: true },
      { name: 'team', label: 'Team', type: 'team' },
    ]);
    const owner = await screen.findByRole('combobox', { name: /Owner/ });
    await user.type(owner, 'grace');
    const person = await screen.findByRole('option', { name: /^Grace Hopper/ });
    await user.click(within(person).getByText('Grace Hopper (grace@example.com)'));
    await user.type(screen.getByRole('combobox', { name: 'Team' }), 'plat');
    const team = await screen.findByRole('option', { name: /^Platform/ });
    await user.click(within(team).getByText('Platform'));
    expect(await runAndRead(user, backend)).toEqual({ owner: 'p-1', team: 't-1' });
  });

  it('a people parameter with a role offers only people holding that role', async () => {
    const everyone = [
      { id: 'p-1', name: 'Grace Hopper', email: 'grace@example.com', roles: ['responder'] },
      { id: 'p-2', name: 'Grace Kelly', email: 'kelly@example.com', roles: ['viewer'] },
    ];
    const reads: URL[] = [];
    server.use(
      http.get('*/api/db/people_roles', ({ request }) => {
        const url = new URL(request.url);
        reads.push(url);
        const held = /^cs\.\{(.*)\}$/.exec(url.searchParams.get('roles') ?? '')?.[1]?.split(',');
        return HttpResponse.json(
          everyone.filter((person) => held?.every((role) => person.roles.includes(role))),
        );
      }),
      http.get('*/api/db/people', () => HttpResponse.json(everyone)),
    );
    const { user, backend } = renderFields([
      { name: 'oncall', label: 'On call', type: 'people', properties: { role: 'responder' } },
    ]);
    await user.type(await screen.findByRole('combobox', { name: 'On call' }), 'grace');
    const person = await screen.findByRole('option', { name: /^Grace Hopper/ });
    expect(screen.queryByRole('option', { name: /^Grace Kelly/ })).toBeNull();
    // Every search asks only for people holding the role (AUTH-07); the last one for the text.
    expect(reads.map((url) => url.searchParams.get('roles'))).not.toContain(null);
    expect(new Set(reads.map((url) => url.searchParams.get('roles')))).toEqual(
      new Set(['cs.{responder}']),
    );
    expect(Object.fromEntries(reads.at(-1)!.searchParams)).toEqual({
      select: 'id,name,email,roles',
      roles: 'cs.{responder}',
      or: '(name.ilike.*grace*,email.ilike.*grace*)',
      order: 'name.asc',
      limit: '50',
    });
    await user.click(within(person).getByText('Grace Hopper (grace@example.com)'));
    expect(await runAndRead(user, backend)).toEqual({ oncall: 'p-1' });
  });
});
