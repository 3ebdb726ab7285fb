-- Identity service stand-in: identities, sessions, self-service flows, sent messages and flow errors.
-- Idempotent: tables may already exist with the base columns; extra columns are added when missing.

CREATE TABLE IF NOT EXISTS demo_identities (
  id uuid PRIMARY KEY,
  person_id uuid REFERENCES people (id),
  traits jsonb NOT NULL DEFAULT '{}'::jsonb,
  password_hash text,
  totp_secret text,
  lookup_secrets jsonb,
  verified boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE demo_identities ADD COLUMN IF NOT EXISTS role text;
ALTER TABLE demo_identities ADD COLUMN IF NOT EXISTS verified_at timestamptz;
CREATE INDEX IF NOT EXISTS demo_identities_email_idx ON demo_identities (lower(traits ->> 'email'));
CREATE INDEX IF NOT EXISTS demo_identities_person_idx ON demo_identities (person_id);

CREATE TABLE IF NOT EXISTS demo_sessions (
  id uuid PRIMARY KEY,
  token text NOT NULL UNIQUE,
  identity_id uuid NOT NULL REFERENCES demo_identities (id) ON DELETE CASCADE,
  aal text NOT NULL DEFAULT 'aal1',
  authenticated_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  active boolean NOT NULL DEFAULT true
);
ALTER TABLE demo_sessions ADD COLUMN IF NOT EXISTS issued_at timestamptz;
ALTER TABLE demo_sessions ADD COLUMN IF NOT EXISTS authentication_methods jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE demo_sessions ADD COLUMN IF NOT EXISTS logout_token text;
ALTER TABLE demo_sessions ADD COLUMN IF NOT EXISTS ip_address text;
ALTER TABLE demo_sessions ADD COLUMN IF NOT EXISTS user_agent text;
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
  internal jsonb NOT NULL DEFAULT '{}'::jsonb
);
ALTER TABLE demo_flows ADD COLUMN IF NOT EXISTS active text;
ALTER TABLE demo_flows ADD COLUMN IF NOT EXISTS created_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE demo_flows ADD COLUMN IF NOT EXISTS updated_at timestamptz NOT NULL DEFAULT now();

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
