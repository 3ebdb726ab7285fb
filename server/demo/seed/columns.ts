/**
 * Column types (for `bulkInsert`) of the tables that more than one seeder fills, stated once so
 * that every seeder writes the same columns.
 */

/**
 * The columns of a table of definitions: its `id`, its own columns, then who made each row and
 * when (`created_by`, `created_at`, `updated_at`).
 */
export function definitionColumns(own: Record<string, string>): Record<string, string> {
  return {
    id: 'uuid',
    ...own,
    created_by: 'uuid',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  };
}

export const CONNECTION_COLUMNS = definitionColumns({
  name: 'text',
  namespace: 'text',
  type: 'text',
  url: 'text',
  source: 'source',
  username: 'text',
  password: 'text',
  certificate: 'text',
  properties: 'jsonb',
  insecure_tls: 'boolean',
});

export const PLAYBOOK_COLUMNS = {
  id: 'uuid',
  namespace: 'text',
  name: 'text',
  title: 'text',
  icon: 'text',
  description: 'text',
  spec: 'jsonb',
  created_by: 'uuid',
  source: 'source',
  category: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

export const EVENT_QUEUE_COLUMNS = {
  id: 'uuid',
  event_id: 'uuid',
  name: 'text',
  properties: 'jsonb',
  error: 'text',
  created_at: 'timestamptz',
  last_attempt: 'timestamptz',
  attempts: 'int4',
  priority: 'int4',
};

/** The columns of a stored artifact, owned by `owner` (a change or a playbook run's action). */
export function artifactColumns<Owner extends 'config_change_id' | 'playbook_run_action_id'>(
  owner: Owner,
) {
  return {
    id: 'uuid',
    [owner]: 'uuid',
    path: 'text',
    filename: 'text',
    content_type: 'text',
    size: 'int4',
    checksum: 'text',
    content: 'bytea',
    compression_type: 'text',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
    expires_at: 'timestamptz',
  } as const;
}
