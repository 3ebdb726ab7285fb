-- A run started by "Retry from here" on a failed run names that run in `retry_of`
-- (POST /api/playbook/run/retry/{id}). The new run carries the earlier actions' results over,
-- as skipped actions, and runs from the failed action on. The column is the demo backend's own:
-- Mission Control has no retry of a run from one of its actions.
ALTER TABLE playbook_runs
  ADD COLUMN retry_of uuid,
  ADD CONSTRAINT playbook_run_retry_of_fkey FOREIGN KEY (retry_of)
    REFERENCES playbook_runs (id) ON DELETE SET NULL;
CREATE INDEX playbook_runs_retry_of_idx ON playbook_runs (retry_of) WHERE retry_of IS NOT NULL;
