import { HttpResponse, http } from 'msw';
import type { Property } from '../../src/api/schemas/system';
import { server } from './msw';

/** One write the backend received. */
export interface PropertyWrite {
  method: string;
  /** The `name` filter of PATCH and DELETE (`eq.` removed). */
  name?: string;
  prefer: string | null;
  body?: unknown;
}

interface Row {
  name: string;
  value: string;
  created_by?: string | null;
}

/**
 * A stand-in for the properties table behind PostgREST: writes change the rows, and `list()`
 * gives the merged PROP-01 answer (the server's own `local` properties, then the rows).
 */
export function propertiesBackend(options: { local?: Property[]; rows?: Row[] } = {}) {
  const local = options.local ?? [];
  const rows: Row[] = [...(options.rows ?? [])];
  const writes: PropertyWrite[] = [];

  const list = (): Property[] => [
    ...local,
    ...rows
      .filter((row) => !local.some((p) => p.name === row.name))
      .map((row) => ({ name: row.name, value: row.value, source: 'db' })),
  ];

  const nameFilter = (request: Request) =>
    new URL(request.url).searchParams.get('name')?.replace(/^eq\./, '');

  server.use(
    http.post('*/api/db/properties', async ({ request }) => {
      const body = (await request.json()) as Row;
      writes.push({ method: 'POST', prefer: request.headers.get('prefer'), body });
      if (rows.some((row) => row.name === body.name)) {
        return HttpResponse.json(
          {
            code: '23505',
            message: 'duplicate key value violates unique constraint "properties_pkey"',
          },
          { status: 409 },
        );
      }
      const row = { name: body.name, value: body.value, created_by: body.created_by ?? null };
      rows.push(row);
      return HttpResponse.json([row], { status: 201 });
    }),
    http.patch('*/api/db/properties', async ({ request }) => {
      const name = nameFilter(request);
      const body = (await request.json()) as Row;
      writes.push({ method: 'PATCH', name, prefer: request.headers.get('prefer'), body });
      const index = rows.findIndex((row) => row.name === name);
      if (index < 0) return HttpResponse.json([]);
      const row = { ...rows[index]!, ...body };
      rows[index] = row;
      return HttpResponse.json([row]);
    }),
    http.delete('*/api/db/properties', ({ request }) => {
      const name = nameFilter(request);
      writes.push({ method: 'DELETE', name, prefer: request.headers.get('prefer') });
      const removed = rows.filter((row) => row.name === name);
      rows.splice(0, rows.length, ...rows.filter((row) => row.name !== name));
      return HttpResponse.json(removed);
    }),
  );

  return {
    rows,
    writes,
    /** PROP-01 as it stands: pass as `renderApp`'s `properties`. */
    list,
  };
}
