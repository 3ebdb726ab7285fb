import { array, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { optionalNumeric, optionalText } from './fields';

/**
 * A row of `artifact_summary` (duty views/046): the live artifacts of one content type, kept
 * inline or behind one connection, counted and summed. Counts and sizes are bigints, which
 * PostgREST may send as text.
 */
export const ArtifactSummaryRowStruct = type({
  content_type: optionalText(),
  storage: optionalText(),
  connection_id: optionalText(),
  connection_name: optionalText(),
  connection_type: optionalText(),
  total_count: optionalNumeric(),
  total_size: optionalNumeric(),
});
export type ArtifactSummaryRow = Infer<typeof ArtifactSummaryRowStruct>;

export const ArtifactSummaryRowsStruct = array(ArtifactSummaryRowStruct);

/** An artifact as the artifacts page lists it: its file, what made it, and when. */
export const ArtifactRowStruct = type({
  id: string(),
  filename: optionalText(),
  path: optionalText(),
  content_type: optionalText(),
  size: optionalNumeric(),
  check_id: optionalText(),
  playbook_run_action_id: optionalText(),
  config_change_id: optionalText(),
  scraper_id: optionalText(),
  job_history_id: optionalText(),
  connection_id: optionalText(),
  created_at: optionalText(),
  expires_at: optionalText(),
});
export type ArtifactRow = Infer<typeof ArtifactRowStruct>;

export const ArtifactRowsStruct = array(ArtifactRowStruct);
