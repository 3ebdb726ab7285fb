/**
 * SQL output columns carry generated names wherever the JSON key comes from the request
 * (aliases, JSON path keys, embeds), so no client text reaches the SQL. A Shape maps those
 * generated names back to the keys the client asked for, level by level.
 */
export interface Shape {
  renames: Map<string, { key: string; child: Shape | null }>;
}

export function emptyShape(): Shape {
  return { renames: new Map() };
}

function setKey(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    target[key] = value;
  }
}

function reshapeRow(row: unknown, shape: Shape): unknown {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return row;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(row)) {
    const rename = shape.renames.get(name);
    if (rename === undefined) {
      setKey(out, name, value);
    } else {
      setKey(out, rename.key, rename.child === null ? value : reshape(value, rename.child));
    }
  }
  return out;
}

/** Applies `shape` to a row or an array of rows (embedded arrays included). */
export function reshape(value: unknown, shape: Shape): unknown {
  if (shape.renames.size === 0) return value;
  if (Array.isArray(value)) return value.map((row) => reshapeRow(row, shape));
  return reshapeRow(value, shape);
}
