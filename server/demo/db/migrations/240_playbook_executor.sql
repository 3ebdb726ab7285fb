-- Runs carried by the demo backend's playbook executor: every run submitted through
-- POST /api/playbook/run (and a seeded run once approved). The executor keeps each run's state in
-- playbook_runs / playbook_run_actions and resumes the queued runs that are not final on start.
-- Hidden from /api/db like every demo_ relation.
CREATE TABLE demo_playbook_queue (
  run_id uuid NOT NULL,
  queued_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT demo_playbook_queue_pkey PRIMARY KEY (run_id),
  CONSTRAINT demo_playbook_queue_run_fkey FOREIGN KEY (run_id) REFERENCES playbook_runs (id)
    ON DELETE CASCADE
);
