import type { SqlClient } from '../db/types';
import { bulkInsert } from './bulk';
import { definitionColumns } from './columns';

/**
 * One permissions row. Exactly one of object, object_selector, config_id, playbook_id, canary_id,
 * component_id or connection_id is set (the table's check constraint enforces it).
 */
export interface PermissionRow {
  id: string;
  name: string;
  namespace: string | null;
  description: string;
  source: 'UI' | 'KubernetesCRD';
  subject_type: 'person' | 'team' | 'group' | 'notification' | 'playbook';
  subject: string;
  action: string;
  object?: string;
  object_selector?: Record<string, unknown>;
  config_id?: string;
  playbook_id?: string;
  canary_id?: string;
  component_id?: string;
  connection_id?: string;
  deny: boolean;
  until?: Date;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

const PERMISSION_TYPES = definitionColumns({
  name: 'text',
  namespace: 'text',
  description: 'text',
  source: 'text',
  subject_type: 'text',
  subject: 'text',
  action: 'text',
  object: 'text',
  object_selector: 'jsonb',
  config_id: 'uuid',
  playbook_id: 'uuid',
  canary_id: 'uuid',
  component_id: 'uuid',
  connection_id: 'uuid',
  deny: 'boolean',
  until: 'timestamptz',
});

const TARGETS = [
  'object',
  'object_selector',
  'config_id',
  'playbook_id',
  'canary_id',
  'component_id',
  'connection_id',
] as const;

export async function insertPermissions(
  db: SqlClient,
  rows: readonly PermissionRow[],
): Promise<void> {
  for (const row of rows) {
    const targets = TARGETS.filter((key) => row[key] !== undefined && row[key] !== '');
    if (targets.length !== 1) {
      throw new Error(
        `permission ${row.name} must have exactly one target, has ${targets.join(', ') || 'none'}`,
      );
    }
  }
  await bulkInsert(
    db,
    'permissions',
    PERMISSION_TYPES,
    rows as unknown as ReadonlyArray<Record<string, unknown>>,
  );
}
