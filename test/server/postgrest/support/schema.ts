import { A, AN, AR, C, CA, CH, CM, CO, E, H, I, J, K, N, P, PA, PB, PR, R, S, T } from './ids';

/**
 * A small schema shaped like the Mission Control relations the console queries: tables with
 * foreign keys (including two to the same table and a self reference), views over them,
 * functions, and a `sentinel` table that no request may ever change.
 */
export const TEST_SCHEMA = `
CREATE TABLE people (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  email text,
  avatar text,
  roles text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE VIEW people_roles AS SELECT id, name, email, roles FROM people WHERE deleted_at IS NULL;

CREATE TABLE teams (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  icon text,
  spec jsonb,
  created_by uuid NOT NULL REFERENCES people(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE TABLE team_members (
  team_id uuid NOT NULL REFERENCES teams(id),
  person_id uuid NOT NULL REFERENCES people(id),
  PRIMARY KEY (team_id, person_id)
);
CREATE TABLE scopes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  namespace text,
  targets jsonb,
  created_by uuid REFERENCES people(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE TABLE properties (
  name text PRIMARY KEY,
  value text,
  created_by uuid REFERENCES people(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE agents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  description text,
  cleanup boolean NOT NULL DEFAULT false,
  created_by uuid REFERENCES people(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE VIEW agents_summary AS SELECT id, name, description, created_by, created_at FROM agents WHERE deleted_at IS NULL;

CREATE TABLE config_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agent_id uuid NOT NULL REFERENCES agents(id),
  parent_id uuid REFERENCES config_items(id),
  external_id text,
  name text NOT NULL,
  type text NOT NULL,
  config_class text NOT NULL,
  status text,
  health text,
  description text,
  namespace text,
  labels jsonb,
  tags jsonb,
  cost_per_minute numeric,
  ready boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz,
  deleted_at timestamptz
);
CREATE VIEW configs AS
  SELECT id, agent_id, external_id, name, type, config_class, status, health, description, namespace,
    labels, tags, cost_per_minute, created_at, updated_at, deleted_at
  FROM config_items;
CREATE VIEW config_names AS SELECT id, name, type, config_class FROM config_items;
CREATE VIEW pod_names AS SELECT id AS pod_id, name FROM config_names WHERE type = 'Kubernetes::Pod';
CREATE TABLE config_items_last_scraped_time (
  config_id uuid PRIMARY KEY REFERENCES config_items(id),
  last_scraped_time timestamptz NOT NULL
);

CREATE TABLE config_relationships (
  config_id uuid NOT NULL REFERENCES config_items(id),
  related_id uuid NOT NULL REFERENCES config_items(id),
  relation text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE TABLE config_changes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  config_id uuid NOT NULL REFERENCES config_items(id),
  change_type text NOT NULL,
  severity text,
  summary text,
  source text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE VIEW config_changes_items AS
  SELECT c.id, c.config_id, c.change_type, c.severity, c.summary, c.source, c.created_at, ci.type AS config_type
  FROM config_changes c JOIN config_items ci ON ci.id = c.config_id;
CREATE VIEW change_types AS SELECT DISTINCT change_type FROM config_changes
  UNION SELECT '' AS change_type;
CREATE TABLE config_analysis (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  config_id uuid NOT NULL REFERENCES config_items(id),
  analyzer text NOT NULL,
  analysis_type text,
  message text,
  severity text,
  status text DEFAULT 'open',
  analysis jsonb,
  first_observed timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE components (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  icon text,
  type text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE VIEW component_names AS SELECT id, name, icon, type FROM components;
CREATE TABLE config_component_relationships (
  component_id uuid NOT NULL REFERENCES components(id),
  config_id uuid NOT NULL REFERENCES config_items(id),
  selector_id text,
  deleted_at timestamptz
);
CREATE VIEW analysis_by_component AS
  SELECT ca.id AS analysis_id, ccr.component_id, ca.config_id
  FROM config_analysis ca JOIN config_component_relationships ccr ON ccr.config_id = ca.config_id;

CREATE TABLE canaries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  namespace text,
  source text,
  spec jsonb,
  agent_id uuid NOT NULL REFERENCES agents(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE TABLE checks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  canary_id uuid NOT NULL REFERENCES canaries(id),
  agent_id uuid NOT NULL REFERENCES agents(id),
  name text NOT NULL,
  type text,
  status text,
  icon text,
  labels jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE TABLE check_statuses (
  check_id uuid NOT NULL REFERENCES checks(id),
  time timestamptz NOT NULL,
  status boolean NOT NULL,
  duration integer,
  PRIMARY KEY (check_id, time)
);
CREATE TABLE check_component_relationships (
  check_id uuid NOT NULL REFERENCES checks(id),
  component_id uuid NOT NULL REFERENCES components(id),
  canary_id uuid NOT NULL REFERENCES canaries(id),
  deleted_at timestamptz
);

CREATE TABLE incidents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL,
  severity text,
  status text,
  type text,
  commander_id uuid REFERENCES people(id),
  communicator_id uuid REFERENCES people(id),
  created_by uuid NOT NULL REFERENCES people(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE VIEW incident_summary AS SELECT id, title, severity, status, type, created_at FROM incidents;
CREATE TABLE hypotheses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  incident_id uuid NOT NULL REFERENCES incidents(id),
  type text CHECK (type IN ('root', 'factor', 'solution')),
  title text,
  status text,
  created_by uuid NOT NULL REFERENCES people(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE evidences (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  hypothesis_id uuid NOT NULL REFERENCES hypotheses(id),
  component_id uuid REFERENCES components(id),
  config_id uuid REFERENCES config_items(id),
  type text,
  description text,
  evidence jsonb,
  created_by uuid NOT NULL REFERENCES people(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE responders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  incident_id uuid NOT NULL REFERENCES incidents(id),
  type text,
  person_id uuid REFERENCES people(id),
  team_id uuid REFERENCES teams(id),
  created_by uuid NOT NULL REFERENCES people(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE TABLE comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  incident_id uuid REFERENCES incidents(id),
  hypothesis_id uuid REFERENCES hypotheses(id),
  responder_id uuid REFERENCES responders(id),
  comment text NOT NULL,
  external_created_by text,
  created_by uuid NOT NULL REFERENCES people(id),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE playbooks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  title text,
  spec jsonb,
  created_by uuid REFERENCES people(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE TABLE playbook_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  playbook_id uuid NOT NULL REFERENCES playbooks(id),
  parent_id uuid REFERENCES playbook_runs(id),
  status text,
  spec jsonb,
  start_time timestamptz,
  created_by uuid REFERENCES people(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE playbook_run_actions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  playbook_run_id uuid NOT NULL REFERENCES playbook_runs(id),
  name text,
  status text,
  start_time timestamptz
);
CREATE TABLE artifacts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  playbook_run_action_id uuid REFERENCES playbook_run_actions(id),
  path text,
  content_type text,
  size bigint
);
CREATE TABLE job_histories (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  resource_type text,
  resource_id text,
  status text,
  duration_millis integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  events text[],
  person_id uuid REFERENCES people(id),
  team_id uuid REFERENCES teams(id),
  created_by uuid REFERENCES people(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE VIEW notifications_summary AS
  SELECT id, name, events, person_id, team_id, created_by, created_at FROM notifications WHERE deleted_at IS NULL;
CREATE TABLE view_default_pods (
  name text NOT NULL,
  cpu numeric,
  request_fingerprint text
);
CREATE TABLE sentinel (id integer PRIMARY KEY, secret text NOT NULL);

CREATE FUNCTION related_configs_recursive(
  config_id uuid,
  type_filter text DEFAULT 'outgoing',
  include_deleted_configs boolean DEFAULT false,
  max_depth integer DEFAULT 5,
  incoming_relation text DEFAULT 'both',
  outgoing_relation text DEFAULT 'both'
) RETURNS TABLE (id uuid, name text, type text, status text, health text, depth integer)
LANGUAGE sql STABLE AS $fn$
  WITH RECURSIVE walk(id, depth) AS (
    SELECT related_configs_recursive.config_id, 0
    UNION
    SELECT CASE WHEN r.config_id = w.id THEN r.related_id ELSE r.config_id END, w.depth + 1
    FROM walk w
    JOIN config_relationships r ON
      (type_filter IN ('outgoing', 'all') AND r.config_id = w.id AND (outgoing_relation = 'both' OR r.relation = 'hard'))
      OR (type_filter IN ('incoming', 'all') AND r.related_id = w.id AND (incoming_relation = 'both' OR r.relation = 'hard'))
    WHERE w.depth < max_depth AND (include_deleted_configs OR r.deleted_at IS NULL)
  )
  SELECT c.id, c.name, c.type, c.status, c.health, min(w.depth)::integer
  FROM walk w JOIN config_items c ON c.id = w.id
  WHERE w.depth > 0 AND (include_deleted_configs OR c.deleted_at IS NULL)
  GROUP BY c.id, c.name, c.type, c.status, c.health
$fn$;
CREATE FUNCTION get_parents_by_location(config_id uuid)
RETURNS TABLE (id uuid, name text, type text)
LANGUAGE sql STABLE AS $fn$
  WITH RECURSIVE up(id, depth) AS (
    SELECT parent_id, 1 FROM config_items WHERE config_items.id = get_parents_by_location.config_id
    UNION ALL
    SELECT c.parent_id, up.depth + 1 FROM up JOIN config_items c ON c.id = up.id WHERE up.depth < 20
  )
  SELECT c.id, c.name, c.type FROM up JOIN config_items c ON c.id = up.id ORDER BY up.depth
$fn$;
CREATE FUNCTION lookup_analysis_by_component(id uuid)
RETURNS SETOF config_analysis
LANGUAGE sql STABLE AS $fn$
  SELECT ca.* FROM config_analysis ca
  JOIN config_component_relationships ccr ON ccr.config_id = ca.config_id
  WHERE ccr.component_id = lookup_analysis_by_component.id
$fn$;
CREATE FUNCTION count_configs(config_type text DEFAULT NULL) RETURNS bigint
LANGUAGE sql STABLE AS $fn$
  SELECT count(*) FROM config_items WHERE count_configs.config_type IS NULL OR type = count_configs.config_type
$fn$;
CREATE FUNCTION config_type_names() RETURNS SETOF text
LANGUAGE sql STABLE AS $fn$ SELECT DISTINCT type FROM config_items ORDER BY type $fn$;
CREATE FUNCTION log_job(job_name text) RETURNS uuid
LANGUAGE sql VOLATILE AS $fn$
  INSERT INTO job_histories (name, status) VALUES (job_name, 'RUNNING') RETURNING id
$fn$;
CREATE FUNCTION noop() RETURNS void LANGUAGE sql AS $fn$ SELECT $fn$;
`;

const q = (value: string | null): string => (value === null ? 'NULL' : `'${value}'`);

/** Rows with fixed ids and times. */
export const TEST_SEED = `
INSERT INTO people (id, name, email, avatar, roles, created_at, deleted_at) VALUES
  (${q(P.alice)}, 'Alice', 'alice@example.com', 'a.png', '{admin}', '2024-01-01T00:00:00Z', NULL),
  (${q(P.bob)}, 'Bob', 'bob@example.com', NULL, '{editor,viewer}', '2024-01-02T00:00:00Z', NULL),
  (${q(P.carol)}, 'Carol', NULL, NULL, '{}', '2024-01-03T00:00:00Z', NULL),
  (${q(P.dave)}, 'Dave', 'dave@example.com', NULL, '{admin,editor}', '2024-01-04T00:00:00Z', '2024-02-01T00:00:00Z');
INSERT INTO teams (id, name, icon, spec, created_by, created_at, deleted_at) VALUES
  (${q(T.platform)}, 'Platform', 'k8s', '{"components":[]}', ${q(P.alice)}, '2024-01-05T00:00:00Z', NULL),
  (${q(T.security)}, 'Security', 'shield', NULL, ${q(P.bob)}, '2024-01-06T00:00:00Z', NULL),
  (${q(T.old)}, 'Archive', NULL, NULL, ${q(P.alice)}, '2024-01-07T00:00:00Z', '2024-01-08T00:00:00Z');
INSERT INTO team_members (team_id, person_id) VALUES
  (${q(T.platform)}, ${q(P.alice)}), (${q(T.platform)}, ${q(P.bob)}), (${q(T.security)}, ${q(P.bob)});
INSERT INTO scopes (id, name, namespace, created_by, created_at, deleted_at) VALUES
  (${q(S.prod)}, 'prod', 'default', ${q(P.alice)}, '2024-01-10T00:00:00Z', NULL),
  (${q(S.dev)}, 'dev', 'default', NULL, '2024-01-11T00:00:00Z', NULL),
  (${q(S.gone)}, 'gone', 'default', ${q(P.bob)}, '2024-01-12T00:00:00Z', '2024-01-13T00:00:00Z');
INSERT INTO properties (name, value, created_by) VALUES
  ('incidents.disable', 'true', ${q(P.alice)}), ('logs.enabled', 'false', NULL);
INSERT INTO agents (id, name, description, created_by, created_at) VALUES
  (${q(A.local)}, 'local', 'this instance', NULL, '2024-01-01T00:00:00Z'),
  (${q(A.edge)}, 'edge', 'edge cluster', ${q(P.alice)}, '2024-01-02T00:00:00Z');
INSERT INTO config_items (id, agent_id, parent_id, external_id, name, type, config_class, status, health, description, namespace, labels, tags, cost_per_minute, created_at, deleted_at) VALUES
  (${q(C.cluster)}, ${q(A.local)}, NULL, 'cluster-a', 'cluster-a', 'Kubernetes::Cluster', 'Cluster', 'Running', 'healthy', 'main cluster', NULL, '{"env":"prod","team":"platform"}', '{"region":"eu"}', 1.5, '2024-01-01T00:00:00Z', NULL),
  (${q(C.node)}, ${q(A.local)}, ${q(C.cluster)}, 'node-1', 'node-1', 'Kubernetes::Node', 'Node', 'Running', 'healthy', NULL, NULL, '{"env":"prod","kubernetes.io/role":"worker"}', '{"region":"eu"}', 0.5, '2024-01-02T00:00:00Z', NULL),
  (${q(C.podApi)}, ${q(A.edge)}, ${q(C.node)}, 'pod-api-1', 'pod-api', 'Kubernetes::Pod', 'Pod', 'CrashLoopBackOff', 'unhealthy', 'api server', 'default', '{"env":"dev","app":"api"}', '{"region":"us"}', NULL, '2024-01-03T00:00:00Z', NULL),
  (${q(C.podWeb)}, ${q(A.edge)}, ${q(C.node)}, 'web-ext', 'pod-web', 'Kubernetes::Pod', 'Pod', 'Running', 'warning', NULL, 'web', '{"env":"prod","app":"web"}', NULL, 0.25, '2024-01-04T00:00:00Z', NULL),
  (${q(C.bucket)}, ${q(A.local)}, NULL, 'arn:bucket', 'bucket', 'AWS::S3::Bucket', 'Bucket', 'Deleted', 'unknown', NULL, NULL, NULL, NULL, NULL, '2024-01-05T00:00:00Z', '2024-01-06T00:00:00Z');
INSERT INTO config_items_last_scraped_time (config_id, last_scraped_time) VALUES
  (${q(C.podApi)}, '2024-01-09T00:00:00Z');
INSERT INTO config_relationships (config_id, related_id, relation, deleted_at) VALUES
  (${q(C.cluster)}, ${q(C.node)}, 'hard', NULL),
  (${q(C.node)}, ${q(C.podApi)}, 'hard', NULL),
  (${q(C.node)}, ${q(C.podWeb)}, 'hard', NULL),
  (${q(C.podWeb)}, ${q(C.bucket)}, 'soft', '2024-01-06T00:00:00Z');
INSERT INTO config_changes (id, config_id, change_type, severity, summary, source, created_at) VALUES
  (${q(CH.backoff)}, ${q(C.podApi)}, 'BackOff', 'high', 'back-off restarting', 'kubernetes', '2024-01-10T10:00:00Z'),
  (${q(CH.pulled)}, ${q(C.podApi)}, 'Pulled', 'info', 'image pulled', 'kubernetes', '2024-01-12T10:00:00Z'),
  (${q(CH.scaled)}, ${q(C.podWeb)}, 'Scaled', 'low', 'scaled to 3', 'kubernetes', '2024-01-15T10:00:00Z'),
  (${q(CH.upgrade)}, ${q(C.cluster)}, 'UpgradeVersion', 'medium', 'upgraded', 'aws', '2024-01-20T10:00:00Z');
INSERT INTO config_analysis (id, config_id, analyzer, analysis_type, message, severity, analysis, first_observed) VALUES
  (${q(AN.probe)}, ${q(C.podApi)}, 'probe', 'availability', 'liveness probe failing', 'critical', '{"restarts":12}', '2024-01-10T00:00:00Z'),
  (${q(AN.cost)}, ${q(C.podWeb)}, 'cost-analyzer', 'cost', 'over-provisioned', 'low', NULL, '2024-01-11T00:00:00Z');
INSERT INTO components (id, name, icon, type, created_at) VALUES
  (${q(CO.payments)}, 'payments', 'money', 'Service', '2024-01-01T00:00:00Z'),
  (${q(CO.checkout)}, 'checkout', 'cart', 'Service', '2024-01-02T00:00:00Z'),
  (${q(CO.db)}, 'db', 'database', 'Database', '2024-01-03T00:00:00Z');
INSERT INTO config_component_relationships (component_id, config_id, selector_id) VALUES
  (${q(CO.payments)}, ${q(C.podApi)}, 'manual'),
  (${q(CO.payments)}, ${q(C.podWeb)}, 'auto'),
  (${q(CO.checkout)}, ${q(C.podWeb)}, 'auto');
INSERT INTO canaries (id, name, namespace, source, agent_id) VALUES
  (${q(CA.http)}, 'http-canary', 'default', 'UI', ${q(A.local)}),
  (${q(CA.dns)}, 'dns-canary', 'default', 'kubernetes/abc', ${q(A.local)});
INSERT INTO checks (id, canary_id, agent_id, name, type, status, icon, labels) VALUES
  (${q(K.api)}, ${q(CA.http)}, ${q(A.local)}, 'api-health', 'http', 'healthy', 'http', '{"team":"platform"}'),
  (${q(K.web)}, ${q(CA.http)}, ${q(A.edge)}, 'web-health', 'http', 'unhealthy', 'http', '{"team":"web"}'),
  (${q(K.dns)}, ${q(CA.dns)}, ${q(A.local)}, 'dns-check', 'dns', 'healthy', 'dns', NULL);
INSERT INTO check_statuses (check_id, time, status, duration) VALUES
  (${q(K.api)}, '2024-01-01T00:00:00Z', true, 100),
  (${q(K.api)}, '2024-01-01T01:00:00Z', false, 2500),
  (${q(K.api)}, '2024-01-01T02:00:00Z', true, 300),
  (${q(K.api)}, '2024-01-01T03:00:00Z', true, 1200),
  (${q(K.web)}, '2024-01-01T00:30:00Z', false, 5000);
INSERT INTO check_component_relationships (check_id, component_id, canary_id) VALUES
  (${q(K.api)}, ${q(CO.payments)}, ${q(CA.http)}),
  (${q(K.web)}, ${q(CO.checkout)}, ${q(CA.http)});
INSERT INTO incidents (id, title, severity, status, type, commander_id, communicator_id, created_by, created_at) VALUES
  (${q(I.outage)}, 'API outage', 'high', 'open', 'availability', ${q(P.alice)}, ${q(P.bob)}, ${q(P.alice)}, '2024-02-01T00:00:00Z'),
  (${q(I.checkout)}, 'Slow checkout', 'medium', 'closed', 'performance', ${q(P.bob)}, NULL, ${q(P.bob)}, '2024-02-03T00:00:00Z'),
  (${q(I.cost)}, 'Cost spike', 'low', 'open', 'cost', NULL, NULL, ${q(P.alice)}, '2024-02-05T00:00:00Z');
INSERT INTO hypotheses (id, incident_id, type, title, status, created_by, created_at) VALUES
  (${q(H.deploy)}, ${q(I.outage)}, 'root', 'Bad deploy', 'likely', ${q(P.alice)}, '2024-02-01T01:00:00Z'),
  (${q(H.pressure)}, ${q(I.outage)}, 'factor', 'Node pressure', 'possible', ${q(P.bob)}, '2024-02-01T02:00:00Z'),
  (${q(H.locks)}, ${q(I.checkout)}, 'root', 'DB locks', 'proven', ${q(P.bob)}, '2024-02-03T01:00:00Z');
INSERT INTO evidences (id, hypothesis_id, component_id, config_id, type, description, evidence, created_by, created_at) VALUES
  (${q(E.topo)}, ${q(H.deploy)}, ${q(CO.payments)}, NULL, 'topology', 'payments degraded', '{"x":1}', ${q(P.alice)}, '2024-02-01T03:00:00Z'),
  (${q(E.config)}, ${q(H.deploy)}, NULL, ${q(C.podApi)}, 'config', 'pod crash looping', NULL, ${q(P.bob)}, '2024-02-01T04:00:00Z'),
  (${q(E.db)}, ${q(H.locks)}, ${q(CO.db)}, NULL, 'topology', 'db locks', NULL, ${q(P.bob)}, '2024-02-03T02:00:00Z');
INSERT INTO responders (id, incident_id, type, person_id, team_id, created_by, created_at) VALUES
  (${q(R.bob)}, ${q(I.outage)}, 'person', ${q(P.bob)}, NULL, ${q(P.alice)}, '2024-02-01T00:10:00Z'),
  (${q(R.platform)}, ${q(I.outage)}, 'person', NULL, ${q(T.platform)}, ${q(P.alice)}, '2024-02-01T00:20:00Z');
INSERT INTO comments (id, incident_id, hypothesis_id, responder_id, comment, external_created_by, created_by, created_at) VALUES
  (${q(CM.investigating)}, ${q(I.outage)}, ${q(H.deploy)}, NULL, 'Investigating', NULL, ${q(P.alice)}, '2024-02-01T10:00:00Z'),
  (${q(CM.rolledBack)}, ${q(I.outage)}, ${q(H.deploy)}, ${q(R.bob)}, 'Rolled back', NULL, ${q(P.bob)}, '2024-02-01T11:00:00Z'),
  (${q(CM.ok)}, ${q(I.checkout)}, ${q(H.locks)}, NULL, 'ok', 'jira-bot', ${q(P.bob)}, '2024-02-03T03:00:00Z');
INSERT INTO playbooks (id, name, title, spec, created_by) VALUES
  (${q(PB.restart)}, 'restart', 'Restart pod', '{"actions":[{"name":"restart"}]}', ${q(P.alice)});
INSERT INTO playbook_runs (id, playbook_id, parent_id, status, spec, start_time, created_by, created_at) VALUES
  (${q(PR.first)}, ${q(PB.restart)}, NULL, 'completed', '{"x":1}', '2024-03-01T10:00:00Z', ${q(P.alice)}, '2024-03-01T09:59:00Z'),
  (${q(PR.child)}, ${q(PB.restart)}, ${q(PR.first)}, 'completed', NULL, '2024-03-02T10:00:00Z', NULL, '2024-03-02T09:59:00Z'),
  (${q(PR.failed)}, ${q(PB.restart)}, NULL, 'failed', NULL, NULL, ${q(P.bob)}, '2024-03-05T00:00:00Z');
INSERT INTO playbook_run_actions (id, playbook_run_id, name, status, start_time) VALUES
  (${q(PA.step1)}, ${q(PR.first)}, 'step-1', 'completed', '2024-03-01T10:00:01Z'),
  (${q(PA.step2)}, ${q(PR.first)}, 'step-2', 'completed', '2024-03-01T10:00:02Z');
INSERT INTO artifacts (id, playbook_run_action_id, path, content_type, size) VALUES
  (${q(AR.logs)}, ${q(PA.step1)}, 'logs.txt', 'text/plain', 120),
  (${q(AR.out)}, ${q(PA.step1)}, 'out.json', 'application/json', 40);
INSERT INTO job_histories (id, name, resource_type, resource_id, status, duration_millis, created_at) VALUES
  (${q(J.sync1)}, 'SyncCanary', 'canary', 'c1', 'SUCCESS', 120, '2024-04-01T10:00:00Z'),
  (${q(J.sync2)}, 'SyncCanary', 'canary', 'c1', 'FAILED', 4000, '2024-04-02T10:00:00Z'),
  (${q(J.scrape)}, 'ScrapeConfig', 'config_scraper', 's1', 'SUCCESS', 900, '2024-04-03T10:00:00Z'),
  (${q(J.cleanup)}, 'CleanupTeams', 'team', NULL, 'WARNING', 10, '2024-04-04T10:00:00Z');
INSERT INTO notifications (id, name, events, person_id, team_id, created_by, created_at, deleted_at) VALUES
  (${q(N.alerts)}, 'alerts', '{check.failed}', ${q(P.alice)}, NULL, ${q(P.bob)}, '2024-05-01T00:00:00Z', NULL),
  (${q(N.team)}, 'team-alerts', '{incident.created,check.failed}', NULL, ${q(T.platform)}, ${q(P.alice)}, '2024-05-02T00:00:00Z', NULL),
  (${q(N.deleted)}, 'old', NULL, NULL, NULL, NULL, '2024-05-03T00:00:00Z', '2024-05-04T00:00:00Z');
INSERT INTO view_default_pods (name, cpu, request_fingerprint) VALUES
  ('pod-a', 2, 'fp1'), ('pod-b', NULL, 'fp1'), ('pod-c', 5, 'fp1'), ('pod-d', 1, 'fp1'), ('pod-e', 9, 'fp2');
INSERT INTO sentinel (id, secret) VALUES (1, 'alpha'), (2, 'beta'), (3, 'gamma');
`;
