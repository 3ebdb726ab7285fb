-- The identity service stand-in: identities, sessions, self-service flows, sent messages and flow
-- errors (not part of the Mission Control schema; the demo_ prefix keeps them out of the
-- PostgREST surface). Idempotent (IF NOT EXISTS throughout), so the identity tests can apply it
-- on its own over a bare people table.

CREATE TABLE IF NOT EXISTS demo_identities (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  person_id uuid NOT NULL,
  schema_id text NOT NULL DEFAULT 'default',
  traits jsonb NOT NULL DEFAULT '{}',
  state text NOT NULL DEFAULT 'active',
  state_changed_at timestamptz,
  password_hash text,
  totp_secret text,
  lookup_secrets jsonb,
  verified boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  role text,
  verified_at timestamptz,
  CONSTRAINT demo_identities_pkey PRIMARY KEY (id),
  CONSTRAINT demo_identities_person_id_fkey FOREIGN KEY (person_id) REFERENCES people (id)
    ON DELETE CASCADE,
  CONSTRAINT demo_identities_state_check CHECK (state IN ('active', 'inactive'))
);
CREATE UNIQUE INDEX IF NOT EXISTS demo_identities_person_id_key ON demo_identities (person_id);
CREATE UNIQUE INDEX IF NOT EXISTS demo_identities_email_key ON demo_identities (lower(traits ->> 'email'));
CREATE INDEX IF NOT EXISTS demo_identities_email_idx ON demo_identities (lower(traits ->> 'email'));
CREATE INDEX IF NOT EXISTS demo_identities_person_idx ON demo_identities (person_id);

CREATE TABLE IF NOT EXISTS demo_sessions (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  token text NOT NULL,
  identity_id uuid NOT NULL,
  aal text NOT NULL DEFAULT 'aal1',
  authentication_methods jsonb NOT NULL DEFAULT '[]',
  issued_at timestamptz NOT NULL DEFAULT now(),
  authenticated_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  active boolean NOT NULL DEFAULT true,
  logout_token text,
  ip_address text,
  user_agent text,
  CONSTRAINT demo_sessions_pkey PRIMARY KEY (id),
  CONSTRAINT demo_sessions_token_key UNIQUE (token),
  CONSTRAINT demo_sessions_identity_id_fkey FOREIGN KEY (identity_id) REFERENCES demo_identities (id)
    ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS demo_sessions_identity_id_idx ON demo_sessions (identity_id);
CREATE INDEX IF NOT EXISTS demo_sessions_identity_idx ON demo_sessions (identity_id);

CREATE TABLE IF NOT EXISTS demo_flows (
  id uuid PRIMARY KEY,
  type text NOT NULL,
  state text NOT NULL,
  csrf_token text NOT NULL DEFAULT '',
  identity_id uuid REFERENCES demo_identities (id) ON DELETE CASCADE,
  request_url text NOT NULL,
  return_to text,
  issued_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  ui jsonb NOT NULL,
  aal text NOT NULL DEFAULT 'aal1',
  refresh boolean NOT NULL DEFAULT false,
  internal jsonb NOT NULL DEFAULT '{}'::jsonb,
  active text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS demo_courier_messages (
  id uuid PRIMARY KEY,
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  code text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS demo_courier_messages_recipient_idx ON demo_courier_messages (lower(recipient), created_at DESC);

CREATE TABLE IF NOT EXISTS demo_flow_errors (
  id uuid PRIMARY KEY,
  error jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
