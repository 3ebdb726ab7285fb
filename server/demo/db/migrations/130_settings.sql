-- Settings and system tables: connections, permissions, permission groups, scopes, views, view
-- panels, logging backends, applications, job history, event queue, integrations, saved queries,
-- and the views over them (plus notifications_summary, which needs event_queue). The link
-- config_scrapers.application_id -> applications and agents_summary come in 150_status_views.

CREATE TABLE connections (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  namespace text NOT NULL DEFAULT 'default',
  type text NOT NULL,
  url text,
  source source,
  username text,
  password text,
  certificate text,
  properties jsonb,
  insecure_tls boolean DEFAULT true,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CONSTRAINT connections_pkey PRIMARY KEY (id),
  CONSTRAINT connections_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id)
);
CREATE UNIQUE INDEX connections_name_namespace_key
  ON connections (name, namespace) WHERE deleted_at IS NULL;

CREATE TABLE permission_groups (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text,
  namespace text,
  selectors jsonb NOT NULL,
  source text NOT NULL DEFAULT 'UI',
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CONSTRAINT permission_groups_pkey PRIMARY KEY (id),
  CONSTRAINT permissions_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id)
);
CREATE UNIQUE INDEX permission_namespace_name_key
  ON permission_groups (namespace, name) WHERE deleted_at IS NULL;

CREATE TABLE permissions (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL DEFAULT gen_random_uuid()::text,
  namespace text,
  description text,
  source text NOT NULL DEFAULT 'UI',
  subject_type text NOT NULL DEFAULT 'group',
  subject text,
  action text NOT NULL,
  object text,
  object_selector jsonb,
  deny boolean NOT NULL DEFAULT false,
  component_id uuid,
  config_id uuid,
  canary_id uuid,
  playbook_id uuid,
  connection_id uuid,
  created_by uuid,
  person_id uuid,
  team_id uuid,
  notification_id uuid,
  updated_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  error text,
  until timestamptz,
  agents text[],
  tags jsonb,
  CONSTRAINT permissions_pkey PRIMARY KEY (id),
  CONSTRAINT permissions_selector_or_id_check CHECK (
    num_nonnulls(object_selector, NULLIF(object, ''), config_id, playbook_id, canary_id, component_id, connection_id) = 1
  ),
  CONSTRAINT permissions_playbook_id_fkey FOREIGN KEY (playbook_id) REFERENCES playbooks (id) ON DELETE CASCADE,
  CONSTRAINT permissions_canary_id_fkey FOREIGN KEY (canary_id) REFERENCES canaries (id) ON DELETE CASCADE,
  CONSTRAINT permissions_component_id_fkey FOREIGN KEY (component_id) REFERENCES components (id) ON DELETE CASCADE,
  CONSTRAINT permissions_connection_id_fkey FOREIGN KEY (connection_id) REFERENCES connections (id) ON DELETE CASCADE,
  CONSTRAINT permissions_config_id_fkey FOREIGN KEY (config_id) REFERENCES config_items (id) ON DELETE CASCADE,
  CONSTRAINT permissions_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id),
  CONSTRAINT permissions_notification_fkey FOREIGN KEY (notification_id) REFERENCES notifications (id) ON DELETE CASCADE,
  CONSTRAINT permissions_person_fkey FOREIGN KEY (person_id) REFERENCES people (id) ON DELETE CASCADE,
  CONSTRAINT permissions_team_fkey FOREIGN KEY (team_id) REFERENCES teams (id) ON DELETE CASCADE
);
CREATE INDEX permissions_subject_idx ON permissions (subject);
CREATE INDEX permissions_connection_id_idx ON permissions (connection_id) WHERE connection_id IS NOT NULL;
CREATE INDEX permissions_playbook_id_idx ON permissions (playbook_id) WHERE playbook_id IS NOT NULL;

CREATE TABLE scopes (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  namespace text,
  description text,
  targets jsonb NOT NULL,
  source text NOT NULL DEFAULT 'UI',
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CONSTRAINT scopes_pkey PRIMARY KEY (id),
  CONSTRAINT scopes_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id)
);
CREATE UNIQUE INDEX scopes_namespace_name_idx ON scopes (namespace, name) WHERE deleted_at IS NULL;

CREATE TABLE views (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  namespace text,
  spec jsonb NOT NULL,
  source source NOT NULL DEFAULT 'KubernetesCRD',
  labels jsonb,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_ran timestamptz,
  error text,
  updated_at timestamptz,
  deleted_at timestamptz,
  CONSTRAINT views_pkey PRIMARY KEY (id),
  CONSTRAINT views_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id)
);

CREATE TABLE view_panels (
  view_id uuid NOT NULL,
  request_fingerprint text NOT NULL DEFAULT '',
  results jsonb NOT NULL,
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
  is_pushed boolean NOT NULL DEFAULT false,
  refreshed_at timestamptz DEFAULT now(),
  CONSTRAINT view_panels_pkey PRIMARY KEY (view_id, request_fingerprint),
  CONSTRAINT view_panels_agent_id_fkey FOREIGN KEY (agent_id) REFERENCES agents (id)
);

CREATE TABLE logging_backends (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  labels jsonb,
  spec jsonb NOT NULL,
  source source,
  agent_id uuid,
  created_at timestamptz DEFAULT now(),
  created_by uuid,
  updated_at timestamptz,
  deleted_at timestamptz,
  CONSTRAINT logging_backends_pkey PRIMARY KEY (id),
  CONSTRAINT logging_backends_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id),
  CONSTRAINT logging_backends_agent_id_fkey FOREIGN KEY (agent_id) REFERENCES agents (id)
);

CREATE TABLE applications (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  description text,
  name text NOT NULL,
  namespace text,
  spec jsonb NOT NULL,
  labels jsonb,
  source source NOT NULL,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz,
  deleted_at timestamptz,
  CONSTRAINT applications_pkey PRIMARY KEY (id),
  CONSTRAINT applications_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id)
);

ALTER TABLE config_scrapers
  ADD CONSTRAINT config_scrapers_application_id_fkey FOREIGN KEY (application_id)
  REFERENCES applications (id) ON DELETE CASCADE ON UPDATE CASCADE;

-- Declared UNLOGGED upstream; an ordinary table here because artifacts references it.
CREATE TABLE job_history (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
  name text,
  success_count integer,
  error_count integer,
  details jsonb,
  hostname text,
  duration_millis integer,
  resource_type text,
  resource_id text,
  status text,
  time_start timestamptz,
  time_end timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  is_pushed boolean NOT NULL DEFAULT false,
  CONSTRAINT job_history_pkey PRIMARY KEY (id)
);
CREATE INDEX job_history_created_at_idx ON job_history (created_at DESC);
CREATE INDEX job_history_resource_idx ON job_history (resource_id, resource_type, created_at DESC);
CREATE INDEX job_history_name_idx ON job_history (name);
CREATE INDEX job_history_resource_id_created_at_idx ON job_history (resource_id, created_at DESC);

ALTER TABLE artifacts
  ADD CONSTRAINT artifacts_job_history_fkey
  FOREIGN KEY (job_history_id) REFERENCES job_history (id) ON DELETE SET NULL;

CREATE TABLE event_queue (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  event_id uuid,
  name text NOT NULL,
  properties jsonb,
  error text,
  delay bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_attempt timestamptz,
  attempts integer DEFAULT 0,
  priority integer NOT NULL DEFAULT 100,
  CONSTRAINT event_queue_pkey PRIMARY KEY (id),
  CONSTRAINT event_queue_name_event_id UNIQUE (name, event_id)
);

CREATE TABLE integrations (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  icon text,
  spec jsonb,
  source text,
  created_by uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT integrations_pkey PRIMARY KEY (id),
  CONSTRAINT integrations_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id)
);

CREATE TABLE saved_query (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  icon text,
  description text,
  query text NOT NULL,
  columns jsonb,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT saved_query_pkey PRIMARY KEY (id)
);

CALL track_updated_at(
  'connections', 'permission_groups', 'permissions', 'scopes', 'logging_backends', 'applications',
  'integrations', 'saved_query'
);
-- Evaluating a view records last_ran and error; that is not an edit of the definition, and the
-- cached results of a view are valid only while they are newer than its last edit.
CREATE TRIGGER views_updated_at
  BEFORE UPDATE OF name, namespace, spec, source, labels, created_by, deleted_at ON views
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CALL keep_deleted_at_of(
  'connections', 'permission_groups', 'permissions', 'scopes', 'views', 'logging_backends',
  'applications'
);

-- permissions_summary: non-deleted permissions with their subject and object resolved to small
-- objects. The resource id columns (component_id ... notification_id) are appended beyond the
-- upstream columns so the console's `<col>_id=eq.<id>` filters work.
CREATE VIEW permissions_summary AS
SELECT
  p.id,
  p.name,
  p.namespace,
  p.description,
  p.error,
  p.source,
  p.action,
  p.object,
  p.object_selector,
  p.deny,
  p.subject,
  p.subject_type,
  p.created_at,
  p.updated_at,
  p.deleted_at,
  p.created_by,
  p.updated_by,
  p.until,
  p.tags,
  p.agents,
  CASE WHEN p.subject_type = 'person' THEN (
    SELECT jsonb_build_object('id', x.id, 'name', x.name, 'email', x.email)
    FROM people x WHERE x.id = uuid_or_null(p.subject) AND x.deleted_at IS NULL
  ) END AS person,
  CASE WHEN p.subject_type = 'team' THEN (
    SELECT jsonb_build_object('id', x.id, 'namespace', x.source, 'name', x.name, 'icon', x.icon)
    FROM teams x WHERE x.id = uuid_or_null(p.subject) AND x.deleted_at IS NULL
  ) END AS team,
  CASE WHEN p.subject_type = 'canary' THEN (
    SELECT jsonb_build_object('id', x.id, 'namespace', x.namespace, 'name', x.name)
    FROM canaries x WHERE x.id = uuid_or_null(p.subject) AND x.deleted_at IS NULL
  ) END AS canary,
  CASE WHEN p.subject_type = 'group' THEN (
    SELECT jsonb_build_object('id', x.id, 'namespace', x.namespace, 'name', x.name)
    FROM permission_groups x WHERE x.name = p.subject AND x.deleted_at IS NULL
    ORDER BY x.created_at LIMIT 1
  ) END AS "group",
  CASE WHEN p.subject_type = 'notification' THEN (
    SELECT jsonb_build_object('id', x.id, 'namespace', x.namespace, 'name', x.name)
    FROM notifications x WHERE x.id = uuid_or_null(p.subject) AND x.deleted_at IS NULL
  ) END AS notification,
  CASE WHEN p.subject_type = 'playbook' THEN (
    SELECT jsonb_build_object(
      'id', x.id, 'namespace', x.namespace, 'name', x.name, 'title', x.title, 'icon', x.spec ->> 'icon')
    FROM playbooks x WHERE x.id = uuid_or_null(p.subject) AND x.deleted_at IS NULL
  ) END AS playbook,
  CASE WHEN p.subject_type = 'scraper' THEN (
    SELECT jsonb_build_object('id', x.id, 'namespace', x.namespace, 'name', x.name)
    FROM config_scrapers x WHERE x.id = uuid_or_null(p.subject) AND x.deleted_at IS NULL
  ) END AS scraper,
  CASE WHEN p.subject_type = 'topology' THEN (
    SELECT jsonb_build_object('id', x.id, 'namespace', x.namespace, 'name', x.name)
    FROM topologies x WHERE x.id = uuid_or_null(p.subject) AND x.deleted_at IS NULL
  ) END AS topology,
  (
    SELECT jsonb_build_object('id', x.id, 'icon', COALESCE(x.icon, x.type), 'name', x.name)
    FROM components x WHERE x.id = p.component_id AND x.deleted_at IS NULL
  ) AS component_object,
  (
    SELECT jsonb_build_object('id', x.id, 'icon', x.icon, 'type', x.type, 'name', x.name)
    FROM config_items x WHERE x.id = p.config_id AND x.deleted_at IS NULL
  ) AS config_object,
  (
    SELECT jsonb_build_object('id', x.id, 'name', x.name)
    FROM canaries x WHERE x.id = p.canary_id AND x.deleted_at IS NULL
  ) AS canary_object,
  (
    SELECT jsonb_build_object('id', x.id, 'icon', x.spec ->> 'icon', 'name', COALESCE(x.spec ->> 'title', x.name))
    FROM playbooks x WHERE x.id = p.playbook_id AND x.deleted_at IS NULL
  ) AS playbook_object,
  (
    SELECT jsonb_build_object('id', x.id, 'type', x.type, 'name', x.name)
    FROM connections x WHERE x.id = p.connection_id AND x.deleted_at IS NULL
  ) AS connection_object,
  p.component_id,
  p.config_id,
  p.canary_id,
  p.playbook_id,
  p.connection_id,
  p.person_id,
  p.team_id,
  p.notification_id
FROM permissions p
WHERE p.deleted_at IS NULL;

CREATE VIEW views_summary AS
SELECT
  id,
  namespace,
  name,
  spec -> 'display' ->> 'title' AS title,
  spec -> 'display' ->> 'icon' AS icon,
  CASE WHEN jsonb_typeof(spec -> 'display' -> 'ordinal') = 'number'
    THEN floor((spec -> 'display' ->> 'ordinal')::numeric)::integer END AS ordinal,
  CASE WHEN jsonb_typeof(spec -> 'display' -> 'sidebar') = 'boolean'
    THEN (spec -> 'display' ->> 'sidebar')::boolean END AS sidebar
FROM views
WHERE deleted_at IS NULL;

-- Every job_history row with the name of the resource it ran for and its agent.
CREATE VIEW job_histories AS
SELECT
  jh.id,
  jh.agent_id,
  jh.name,
  jh.success_count,
  jh.error_count,
  jh.details,
  jh.hostname,
  jh.duration_millis,
  jh.resource_type,
  jh.resource_id,
  jh.status,
  jh.time_start,
  jh.time_end,
  jh.created_at,
  jh.is_pushed,
  COALESCE(
    CASE jh.resource_type
      WHEN 'components' THEN (SELECT x.name FROM components x WHERE x.id = uuid_or_null(jh.resource_id))
      WHEN 'config_scraper' THEN (SELECT x.name FROM config_scrapers x WHERE x.id = uuid_or_null(jh.resource_id))
      WHEN 'topology' THEN (SELECT x.name FROM topologies x WHERE x.id = uuid_or_null(jh.resource_id))
      WHEN 'canary' THEN (SELECT x.name FROM canaries x WHERE x.id = uuid_or_null(jh.resource_id))
      WHEN 'team' THEN (SELECT x.name FROM teams x WHERE x.id = uuid_or_null(jh.resource_id))
      WHEN 'incident_rule' THEN (SELECT x.name FROM incident_rules x WHERE x.id = uuid_or_null(jh.resource_id))
      WHEN 'playbook' THEN (SELECT x.name FROM playbooks x WHERE x.id = uuid_or_null(jh.resource_id))
    END,
    jh.resource_id
  ) AS resource_name,
  (SELECT json_build_object('id', a.id, 'name', a.name) FROM agents a WHERE a.id = jh.agent_id) AS agent
FROM job_history jh;

CREATE VIEW job_history_names AS
SELECT DISTINCT name FROM job_history WHERE name IS NOT NULL;

-- One row per job: its runs by status, when it last ran and how long a run takes on average
-- (upstream's columns), and the status of its newest run (`last_status`, the demo's addition).
CREATE VIEW job_history_summary AS
SELECT
  name,
  count(*) AS total,
  count(*) FILTER (WHERE status = 'RUNNING') AS running,
  count(*) FILTER (WHERE status = 'SUCCESS') AS success,
  count(*) FILTER (WHERE status = 'WARNING') AS warning,
  count(*) FILTER (WHERE status = 'FAILED') AS failed,
  count(*) FILTER (WHERE status = 'STALE') AS stale,
  count(*) FILTER (WHERE status = 'SKIPPED') AS skipped,
  max(created_at) AS last_run_at,
  round(avg(duration_millis::numeric), 2) AS average_duration,
  (array_agg(status ORDER BY created_at DESC, id DESC))[1] AS last_status
FROM job_history
GROUP BY name;

-- The latest job_history row of one resource (the newest by created_at), its columns named as the
-- status views show them, with the start of its latest failed run.
CREATE FUNCTION latest_job(of_type text, of_id text)
RETURNS TABLE (
  job_name text,
  job_success_count integer,
  job_error_count integer,
  job_details jsonb,
  job_hostname text,
  job_duration_millis integer,
  job_resource_type text,
  job_status text,
  job_time_start timestamptz,
  job_time_end timestamptz,
  job_created_at timestamptz,
  job_last_failed timestamptz
)
LANGUAGE sql STABLE AS $$
  SELECT
    jh.name,
    jh.success_count,
    jh.error_count,
    jh.details,
    jh.hostname,
    jh.duration_millis,
    jh.resource_type,
    jh.status,
    jh.time_start,
    jh.time_end,
    jh.created_at,
    (
      SELECT f.time_start FROM job_history f
      WHERE f.resource_id = $2 AND f.resource_type = $1 AND f.status = 'FAILED'
      ORDER BY f.created_at DESC LIMIT 1
    )
  FROM job_history jh
  WHERE jh.resource_id = $2 AND jh.resource_type = $1
  ORDER BY jh.created_at DESC, jh.id DESC
  LIMIT 1
$$;

-- Scrapers and topologies (non-deleted) with their latest job, plus every logging backend (which
-- has no jobs: its job type is NULL).
CREATE VIEW integrations_with_status AS
SELECT
  i.id,
  i.name,
  i.namespace,
  i.description,
  i.integration_type,
  i.source,
  i.spec,
  i.labels,
  i.schedule,
  i.icon,
  i.agent_id,
  (SELECT jsonb_build_object('id', ag.id, 'name', ag.name) FROM agents ag WHERE ag.id = i.agent_id) AS agent,
  i.created_at,
  i.updated_at,
  i.deleted_at,
  i.created_by,
  j.job_name,
  j.job_success_count,
  j.job_error_count,
  j.job_details,
  j.job_hostname,
  j.job_duration_millis,
  j.job_resource_type,
  j.job_status,
  j.job_time_start,
  j.job_time_end,
  j.job_created_at,
  (
    SELECT max(f.time_start) FROM job_history f
    WHERE f.resource_id = i.id::text AND f.resource_type = i.job_type AND f.status = 'FAILED'
  ) AS job_last_failed,
  (
    SELECT max(r.time_start) FROM job_history r
    WHERE r.resource_id = i.id::text AND r.resource_type = i.job_type
  ) AS last_runtime,
  creator.name AS creator_name,
  creator.avatar AS creator_avatar,
  creator.title AS creator_title,
  creator.email AS creator_email
FROM (
  SELECT
    s.id,
    s.name,
    s.namespace,
    s.description,
    'scrapers'::text AS integration_type,
    s.source::text AS source,
    s.spec,
    NULL::jsonb AS labels,
    s.spec ->> 'schedule' AS schedule,
    NULL::text AS icon,
    s.agent_id,
    s.created_at,
    s.updated_at,
    s.deleted_at,
    s.created_by,
    'config_scraper'::text AS job_type
  FROM config_scrapers s
  WHERE s.deleted_at IS NULL
  UNION ALL
  SELECT
    t.id, t.name, t.namespace, '', 'topologies', t.source::text, t.spec, t.labels, t.schedule,
    t.spec ->> 'icon', t.agent_id, t.created_at, t.updated_at, t.deleted_at, t.created_by, 'topology'
  FROM topologies t
  WHERE t.deleted_at IS NULL
  UNION ALL
  SELECT
    l.id, l.name, NULL, '', 'logging_backends', l.source::text, l.spec, l.labels, NULL, NULL,
    l.agent_id, l.created_at, l.updated_at, l.deleted_at, l.created_by, NULL
  FROM logging_backends l
  WHERE l.deleted_at IS NULL
) i
LEFT JOIN LATERAL latest_job(i.job_type, i.id::text) j ON true
LEFT JOIN people creator ON creator.id = i.created_by;

-- One row per event name (the shape the console's Event Queue page expects).
CREATE VIEW event_queue_summary AS
SELECT
  name,
  count(*) AS pending,
  count(*) FILTER (WHERE error IS NOT NULL) AS failed,
  round(avg(attempts), 2) AS average_attempts,
  min(created_at) FILTER (WHERE error IS NOT NULL) AS first_failure,
  max(last_attempt) AS last_failure,
  mode() WITHIN GROUP (ORDER BY error) AS most_common_error
FROM event_queue
GROUP BY name;

CREATE VIEW notifications_summary AS
SELECT
  n.id,
  n.name,
  COALESCE(n.namespace, '') AS namespace,
  n.error,
  n.error_at,
  n.title,
  n.events,
  n.filter,
  n.person_id,
  n.team_id,
  n.custom_services,
  n.created_at,
  n.updated_at,
  n.created_by,
  n.source,
  n.repeat_interval,
  n.wait_for,
  COALESCE(queued.pending, 0) AS pending,
  sends.avg_duration_ms,
  COALESCE(sends.failed, 0) AS failed,
  COALESCE(sends.sent, 0) AS sent,
  sends.most_common_error,
  sends.last_failed_at
FROM notifications n
LEFT JOIN (
  SELECT properties ->> 'notification_id' AS notification_id, count(*) AS pending
  FROM event_queue
  WHERE name = 'notification.send' AND COALESCE(attempts, 0) < 4
  GROUP BY 1
) queued ON queued.notification_id = n.id::text
LEFT JOIN (
  SELECT
    notification_id,
    count(*) FILTER (WHERE error IS NOT NULL) AS failed,
    count(*) FILTER (WHERE status = 'sent') AS sent,
    round(avg(duration_millis) FILTER (WHERE error IS NOT NULL), 2) AS avg_duration_ms,
    mode() WITHIN GROUP (ORDER BY error) AS most_common_error,
    max(created_at) FILTER (WHERE error IS NOT NULL) AS last_failed_at
  FROM notification_send_history
  WHERE source_event <> 'notification.watchdog'
  GROUP BY notification_id
) sends ON sends.notification_id = n.id
WHERE n.deleted_at IS NULL;

-- A view deleted for good (VIEW-03) takes its results with it: the table its evaluations wrote
-- (`view_{namespace}_{name}`, named as server/demo/views/spec.ts names it) and its cached panels.
CREATE FUNCTION drop_view_results() RETURNS trigger AS $$
DECLARE
  results_table text := replace(format('view_%s_%s', coalesce(OLD.namespace, 'default'), OLD.name), '-', '_');
BEGIN
  DELETE FROM view_panels WHERE view_id = OLD.id;
  IF results_table ~ '^[A-Za-z0-9_]{1,63}$' THEN
    EXECUTE format('DROP TABLE IF EXISTS %I', results_table);
  END IF;
  RETURN OLD;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER views_drop_results
  AFTER DELETE ON views
  FOR EACH ROW EXECUTE FUNCTION drop_view_results();
