import type { Property } from '../../src/api/schemas/system';
import { postgrestTable } from './postgrestTable';

interface Row {
  name: string;
  value: string;
  created_by?: string | null;
}

/**
 * The properties table behind PostgREST (`name` is the primary key), and `list()`, the merged
 * PROP-01 answer (the server's own `local` properties, then the rows).
 */
export function propertiesBackend(options: { local?: Property[]; rows?: Row[] } = {}) {
  const local = options.local ?? [];
  const table = postgrestTable<Row>('properties', options.rows ?? [], {
    key: ['name'],
    onInsert: (body) => ({ created_by: null, ...(body as unknown as Row) }),
  });

  const list = (): Property[] => [
    ...local,
    ...table.rows
      .filter((row) => !local.some((p) => p.name === row.name))
      .map((row) => ({ name: row.name, value: row.value, source: 'db' })),
  ];

  return {
    rows: table.rows,
    writes: table.writes,
    table,
    /** PROP-01 as it stands: pass as `renderApp`'s `properties`. */
    list,
  };
}
