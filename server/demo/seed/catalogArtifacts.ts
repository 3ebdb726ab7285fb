import { createHash } from 'node:crypto';
import type { SqlClient } from '../db/types';
import { bulkInsert } from './bulk';
import { artifactColumns } from './columns';
import { DAY_MS } from './helpers';

type Row = Record<string, unknown>;

/** The columns of a change's artifact (`artifacts`, owned by `config_change_id`). */
const CHANGE_ARTIFACT_COLUMNS = artifactColumns('config_change_id');

/** What a change of each type leaves behind: files, each a name, a content type and its lines. */
const FILES_BY_CHANGE_TYPE: Readonly<
  Record<string, (change: Row) => Array<{ filename: string; contentType: string; lines: string[] }>>
> = {
  BackOff: (change) => [
    {
      filename: 'container.log',
      contentType: 'text/plain',
      lines: [
        `${iso(change.created_at)} starting server on :8080`,
        `${iso(change.created_at)} connecting to the database`,
        `${iso(change.created_at)} fatal: connection refused (dial tcp 10.0.3.17:5432)`,
      ],
    },
    {
      filename: 'events.json',
      contentType: 'application/json',
      lines: [JSON.stringify(change.details ?? {}, null, 2)],
    },
  ],
  Failed: (change) => [
    {
      filename: 'events.json',
      contentType: 'application/json',
      lines: [JSON.stringify(change.details ?? {}, null, 2)],
    },
  ],
  PlaybookCompleted: (change) => [
    {
      filename: 'output.txt',
      contentType: 'text/plain',
      lines: [String(change.summary ?? ''), 'deployment restarted', 'rollout status: complete'],
    },
  ],
  Rollback: (change) => [
    {
      filename: 'rollout-history.txt',
      contentType: 'text/plain',
      lines: ['REVISION  CHANGE-CAUSE', String(change.summary ?? '')],
    },
  ],
};

function iso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/** A uuid derived from a change's id and a file name, so the seed stays the same run to run. */
function derivedUuid(changeId: string, filename: string): string {
  const hex = createHash('sha256').update(`${changeId}/${filename}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The artifacts of the seeded changes: container logs and events of back-offs, events of failed
 * pulls, the output of completed playbooks and the rollout history of rollbacks, kept 30 days.
 */
export function changeArtifactsOf(changes: readonly Row[]): Row[] {
  return changes.flatMap((change) => {
    const files = FILES_BY_CHANGE_TYPE[String(change.change_type)]?.(change) ?? [];
    const at = change.created_at as Date;
    const id = String(change.id);
    return files.map((file) => {
      const content = Buffer.from(`${file.lines.join('\n')}\n`, 'utf8');
      return {
        id: derivedUuid(id, file.filename),
        config_change_id: id,
        path: `changes/${id}/${file.filename}`,
        filename: file.filename,
        content_type: file.contentType,
        size: content.length,
        checksum: createHash('sha256').update(content).digest('hex'),
        content: new Uint8Array(content),
        compression_type: 'none',
        created_at: at,
        updated_at: at,
        expires_at: new Date(at.getTime() + 30 * DAY_MS),
      };
    });
  });
}

/** Inserts the artifacts of the seeded changes; the count inserted. */
export async function seedChangeArtifacts(db: SqlClient, changes: readonly Row[]): Promise<number> {
  const rows = changeArtifactsOf(changes);
  await bulkInsert(db, 'artifacts', CHANGE_ARTIFACT_COLUMNS, rows);
  return rows.length;
}
