/**
 * Mission Control's jobs report `details.errors` in three shapes, and the Job History details
 * dialog reads all of them: a string (one error), a list of strings, or a map from the item
 * that failed to its error (config-db's scrapers). The seeded history writes lists only, so
 * this gives half of the failed system jobs a single string and half of the failed scrapes a
 * map. It changes nothing once both shapes exist, so it is safe on every start.
 */
import type { SqlClient } from '../db/types';

/** Makes sure the job history holds errors as a string, a list and a map. */
export async function ensureJobErrorShapes(db: SqlClient): Promise<void> {
  await db.query(
    `UPDATE job_history j
        SET details = jsonb_set(j.details, '{errors}', j.details -> 'errors' -> 0)
       FROM (
         SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM job_history
          WHERE coalesce(resource_type, '') = ''
            AND jsonb_typeof(details -> 'errors') = 'array'
            AND jsonb_typeof(details -> 'errors' -> 0) = 'string'
       ) picked
      WHERE j.id = picked.id AND picked.n % 2 = 1
        AND NOT EXISTS (
          SELECT 1 FROM job_history x WHERE jsonb_typeof(x.details -> 'errors') = 'string'
        )`,
  );
  await db.query(
    `UPDATE job_history j
        SET details = jsonb_set(j.details, '{errors}', (
          SELECT jsonb_object_agg(
                   coalesce(
                     (SELECT k FROM jsonb_object_keys(
                        CASE WHEN jsonb_typeof(j.details -> 'scrape_summary') = 'object'
                             THEN j.details -> 'scrape_summary' ELSE '{}'::jsonb END) k
                       ORDER BY k LIMIT 1),
                     'item') || '/' || e.i,
                   e.value)
            FROM jsonb_array_elements(j.details -> 'errors') WITH ORDINALITY AS e(value, i)
        ))
       FROM (
         SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM job_history
          WHERE resource_type = 'config_scraper'
            AND jsonb_typeof(details -> 'errors') = 'array'
            AND jsonb_array_length(details -> 'errors') > 0
       ) picked
      WHERE j.id = picked.id AND picked.n % 2 = 1
        AND NOT EXISTS (
          SELECT 1 FROM job_history x WHERE jsonb_typeof(x.details -> 'errors') = 'object'
        )`,
  );
}
