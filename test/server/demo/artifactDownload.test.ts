import { contentDisposition } from '../../../server/demo/routes/contentDisposition';
import { demoSuite } from './support';

jest.setTimeout(60_000);

const { h, send, as } = demoSuite(['viewer']);

const FILES: Record<string, { filename: string; content: string }> = {
  'image/svg+xml': {
    filename: 'cost-by-team.svg',
    content: '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
  },
  'application/json': { filename: 'cost-by-team.json', content: '[{"team":"payments"}]\n' },
  'text/plain': { filename: 'logs.txt', content: 'started\n' },
};

/** An artifact of this type kept by an action of a seeded run, as the executor stores one. */
async function stored(contentType: string) {
  const { filename, content } = FILES[contentType]!;
  const { rows } = await h.db.query<{ id: string }>(
    `INSERT INTO artifacts (playbook_run_action_id, path, filename, content_type, size, checksum, content,
                            compression_type, created_at, updated_at)
     SELECT id, 'playbooks/' || playbook_run_id || '/' || $1, $1, $2, $3, md5($1), $4, 'none', now(), now()
       FROM playbook_run_actions ORDER BY id LIMIT 1
     RETURNING id::text`,
    [filename, contentType, Buffer.byteLength(content), new Uint8Array(Buffer.from(content))],
  );
  expect(rows).toHaveLength(1);
  return { id: rows[0]!.id, filename, size: Buffer.byteLength(content) };
}

describe('MISC-04: an artifact download', () => {
  it('is an attachment saved under the name ?filename= gives', async () => {
    const svg = await stored('image/svg+xml');
    const file = await send(
      'GET',
      `/api/artifacts/download/${svg.id}?filename=${encodeURIComponent(svg.filename)}`,
      as('viewer'),
    );
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/svg+xml');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${svg.filename}"`);
    expect(file.rawPayload.length).toBe(svg.size);
    expect(file.payload).toMatch(/^<svg /);
  });

  it('is shown inline under its own name without ?filename=, sniffed never, scripts never run', async () => {
    const json = await stored('application/json');
    const file = await send('GET', `/api/artifacts/download/${json.id}`, as('viewer'));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`inline; filename="${json.filename}"`);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toContain('sandbox');
    expect(() => JSON.parse(file.payload) as unknown).not.toThrow();
  });

  it('keeps a name with quotes, line breaks or other scripts from breaking the header', async () => {
    const text = await stored('text/plain');
    const name = 'report "final"\r\nSet-Cookie: x=1 — été.txt';
    const file = await send(
      'GET',
      `/api/artifacts/download/${text.id}?filename=${encodeURIComponent(name)}`,
      as('viewer'),
    );
    expect(file.statusCode).toBe(200);
    expect(file.headers['set-cookie']).toBeUndefined();
    expect(file.headers['content-disposition']).toBe(contentDisposition('attachment', name));
    expect(contentDisposition('attachment', name)).toBe(
      `attachment; filename="report \\"final\\"Set-Cookie: x=1 _ _t_.txt"; ` +
        `filename*=UTF-8''report%20%22final%22Set-Cookie%3A%20x%3D1%20%E2%80%94%20%C3%A9t%C3%A9.txt`,
    );
  });

  it('answers 400 for an id that is not a uuid, 404 for an unknown one, 401 signed out', async () => {
    expect((await send('GET', '/api/artifacts/download/nope', as('viewer'))).statusCode).toBe(400);
    const unknown = await send(
      'GET',
      '/api/artifacts/download/0192f0c8-0000-7000-8000-000000000000',
      as('viewer'),
    );
    expect(unknown.statusCode).toBe(404);
    const svg = await stored('image/svg+xml');
    expect((await send('GET', `/api/artifacts/download/${svg.id}`, {})).statusCode).toBe(401);
  });
});
