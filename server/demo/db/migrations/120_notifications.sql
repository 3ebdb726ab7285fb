-- Notifications: rules, silences, send history and the send-history view. notifications_summary
-- counts pending `notification.send` events, so it is created with event_queue in 130.

CREATE TABLE notifications (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL DEFAULT gen_random_uuid()::text,
  namespace text,
  events text[] NOT NULL,
  error text,
  error_at timestamptz,
  title text,
  template text,
  filter text,
  properties jsonb,
  playbook_id uuid,
  person_id uuid,
  team_id uuid,
  repeat_interval text,
  inhibitions jsonb,
  wait_for bigint,
  wait_for_eval_period bigint,
  group_by text[],
  group_by_interval bigint,
  watchdog_schedule text,
  custom_services jsonb,
  fallback_delay bigint,
  fallback_custom_services jsonb,
  fallback_playbook_id uuid,
  fallback_person_id uuid,
  fallback_team_id uuid,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  source source,
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CONSTRAINT notifications_pkey PRIMARY KEY (id),
  CONSTRAINT notification_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id),
  CONSTRAINT notification_person_id_fkey FOREIGN KEY (person_id) REFERENCES people (id) ON DELETE CASCADE,
  CONSTRAINT notification_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams (id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX notifications_name_namespace_key
  ON notifications (name, namespace) WHERE deleted_at IS NULL;

CREATE TABLE notification_silences (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  namespace text,
  name text NOT NULL DEFAULT gen_random_uuid()::text,
  description text,
  filter text,
  selectors jsonb,
  error text,
  "from" timestamptz,
  until timestamptz,
  recursive boolean,
  config_id uuid,
  check_id uuid,
  canary_id uuid,
  component_id uuid,
  -- The demo backend's own recurring silences (320_notification_groups_windows.sql): a
  -- five-field cron, its IANA time zone (UTC when null) and each window's length.
  schedule text,
  timezone text,
  duration text,
  source source,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CONSTRAINT notification_silences_pkey PRIMARY KEY (id),
  CONSTRAINT notification_silence_check_id_fkey FOREIGN KEY (check_id) REFERENCES checks (id)
    ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT notification_silence_config_id_fkey FOREIGN KEY (config_id) REFERENCES config_items (id)
    ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT notification_silence_component_id_fkey FOREIGN KEY (component_id) REFERENCES components (id)
    ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT notification_silence_canary_id_fkey FOREIGN KEY (canary_id) REFERENCES canaries (id)
    ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT notification_silence_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id)
);
CREATE INDEX notification_silences_created_at_idx ON notification_silences (created_at DESC);

CREATE TABLE notification_send_history (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  notification_id uuid NOT NULL,
  body text,
  body_payload jsonb,
  status text,
  not_before timestamptz,
  retries integer NOT NULL DEFAULT 0,
  payload jsonb,
  count integer NOT NULL DEFAULT 1,
  first_observed timestamptz NOT NULL DEFAULT now(),
  source_event text NOT NULL,
  resource_id uuid NOT NULL,
  resource_health text,
  resource_status text,
  resource_health_description text,
  person_id uuid,
  team_id uuid,
  connection_id uuid,
  silenced_by uuid,
  playbook_run_id uuid,
  error text,
  duration_millis integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  group_id uuid,
  parent_id uuid DEFAULT NULL,
  CONSTRAINT notification_send_history_pkey PRIMARY KEY (id),
  CONSTRAINT parent_id_fkey FOREIGN KEY (parent_id) REFERENCES notification_send_history (id)
    ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT notification_id_fkey FOREIGN KEY (notification_id) REFERENCES notifications (id)
    ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT notification_recipient_person_id_fkey FOREIGN KEY (person_id) REFERENCES people (id)
    ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX notification_send_history_created_at_idx ON notification_send_history (created_at DESC);
CREATE INDEX notification_send_history_notification_id_idx ON notification_send_history (notification_id);
CREATE INDEX notification_send_history_resource_id_idx ON notification_send_history (resource_id, created_at DESC);

ALTER TABLE playbook_runs
  ADD CONSTRAINT playbook_run_notification_send_id_fkey
  FOREIGN KEY (notification_send_id) REFERENCES notification_send_history (id);

CALL track_updated_at('notifications', 'notification_silences');
CALL keep_deleted_at_of('notifications', 'notification_silences');

-- Every send-history column, then the resource the event was about: `resource_kind` is what it
-- is (config, component, check, canary, from the event's prefix) and `resource_type` its type
-- within that kind (`Kubernetes::Pod`, a component's type, `http` for a check; none for a
-- canary), as in the newest upstream view.
CREATE VIEW notification_send_history_summary AS
SELECT
  h.id,
  h.notification_id,
  h.body,
  h.body_payload,
  h.status,
  h.not_before,
  h.retries,
  h.payload,
  h.count,
  h.first_observed,
  h.source_event,
  h.resource_id,
  h.resource_health,
  h.resource_status,
  h.resource_health_description,
  h.person_id,
  h.team_id,
  h.connection_id,
  h.silenced_by,
  h.playbook_run_id,
  h.error,
  h.duration_millis,
  h.created_at,
  h.group_id,
  h.parent_id,
  ci.tags AS resource_tags,
  CASE k.kind
    WHEN 'config' THEN jsonb_build_object(
      'id', ci.id, 'name', ci.name, 'type', ci.type, 'config_class', ci.config_class,
      'health', ci.health, 'status', ci.status, 'deleted_at', ci.deleted_at)
    WHEN 'component' THEN jsonb_build_object(
      'id', co.id, 'name', co.name, 'type', co.type, 'icon', co.icon,
      'health', co.health, 'status', co.status, 'deleted_at', co.deleted_at)
    WHEN 'check' THEN jsonb_build_object(
      'id', ck.id, 'name', ck.name, 'type', ck.type, 'icon', ck.icon,
      'health', ck.status, 'status', ck.status, 'deleted_at', ck.deleted_at)
    WHEN 'canary' THEN jsonb_build_object('id', ca.id, 'name', ca.name, 'deleted_at', ca.deleted_at)
  END AS resource,
  k.kind AS resource_kind,
  CASE k.kind WHEN 'config' THEN ci.type WHEN 'component' THEN co.type WHEN 'check' THEN ck.type
  END AS resource_type,
  CASE WHEN pr.id IS NOT NULL THEN jsonb_build_object(
    'id', pr.id, 'playbook_id', pr.playbook_id, 'status', pr.status,
    'playbook_name', COALESCE(NULLIF(pb.title, ''), pb.name))
  END AS playbook_run
FROM notification_send_history h
CROSS JOIN LATERAL (
  SELECT CASE
    WHEN h.source_event LIKE 'config.%' THEN 'config'
    WHEN h.source_event LIKE 'component.%' THEN 'component'
    WHEN h.source_event LIKE 'check.%' THEN 'check'
    WHEN h.source_event LIKE 'canary.%' THEN 'canary'
  END AS kind
) k
LEFT JOIN config_items ci ON k.kind = 'config' AND ci.id = h.resource_id
LEFT JOIN components co ON k.kind = 'component' AND co.id = h.resource_id
LEFT JOIN checks ck ON k.kind = 'check' AND ck.id = h.resource_id
LEFT JOIN canaries ca ON k.kind = 'canary' AND ca.id = h.resource_id
LEFT JOIN playbook_runs pr ON pr.id = h.playbook_run_id
LEFT JOIN playbooks pb ON pb.id = pr.playbook_id;

-- The tags of the config items notified about, one row per key and value, and the resource
-- types notified about: what the history's tag and type filters offer.
CREATE VIEW notification_send_history_resource_tags AS
WITH tag_sets AS (
  SELECT DISTINCT resource_tags FROM notification_send_history_summary
  WHERE resource_tags IS NOT NULL
)
SELECT t.key, t.value
FROM tag_sets CROSS JOIN LATERAL jsonb_each_text(tag_sets.resource_tags) t
GROUP BY t.key, t.value
ORDER BY t.key, t.value;

CREATE VIEW notification_send_history_resource_types AS
SELECT DISTINCT resource_type FROM notification_send_history_summary
WHERE resource_type IS NOT NULL
ORDER BY resource_type;
