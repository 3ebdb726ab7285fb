-- Identities and sessions of the demo identity service (not part of the Mission Control schema;
-- the demo_ prefix keeps them out of the PostgREST surface).

CREATE TABLE demo_identities (
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
  CONSTRAINT demo_identities_pkey PRIMARY KEY (id),
  CONSTRAINT demo_identities_person_id_fkey FOREIGN KEY (person_id) REFERENCES people (id)
    ON DELETE CASCADE,
  CONSTRAINT demo_identities_state_check CHECK (state IN ('active', 'inactive'))
);
CREATE UNIQUE INDEX demo_identities_person_id_key ON demo_identities (person_id);
CREATE UNIQUE INDEX demo_identities_email_key ON demo_identities (lower(traits ->> 'email'));

CREATE TABLE demo_sessions (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  token text NOT NULL,
  identity_id uuid NOT NULL,
  aal text NOT NULL DEFAULT 'aal1',
  authentication_methods jsonb NOT NULL DEFAULT '[]',
  issued_at timestamptz NOT NULL DEFAULT now(),
  authenticated_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  active boolean NOT NULL DEFAULT true,
  CONSTRAINT demo_sessions_pkey PRIMARY KEY (id),
  CONSTRAINT demo_sessions_token_key UNIQUE (token),
  CONSTRAINT demo_sessions_identity_id_fkey FOREIGN KEY (identity_id) REFERENCES demo_identities (id)
    ON DELETE CASCADE
);
CREATE INDEX demo_sessions_identity_id_idx ON demo_sessions (identity_id);
