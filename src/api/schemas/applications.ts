import { array, string, type, unknown } from 'superstruct';
import type { Infer, Struct } from 'superstruct';
import { optionalNumber, optionalStringMap, optionalText, maybe, idAndName } from './fields';

/**
 * MISC-05: an application's audit report (Mission Control's `api.Application`). Every list may
 * be absent or null: a backend fills only what its data supports, and the report shows only
 * the sections that are there.
 */
const optionalList = <T, S>(struct: Struct<T, S>) => maybe(array(struct));

export const ApplicationPropertyStruct = type({
  label: optionalText(),
  name: optionalText(),
  text: optionalText(),
  tooltip: optionalText(),
  value: optionalNumber(),
  unit: optionalText(),
});

export const ApplicationUserStruct = type({
  id: optionalText(),
  name: optionalText(),
  email: optionalText(),
  role: optionalText(),
  authType: optionalText(),
  created: optionalText(),
  lastLogin: optionalText(),
  lastAccessReview: optionalText(),
});

export const ApplicationAuthMethodStruct = type({
  name: optionalText(),
  type: optionalText(),
  mfa: maybe(type({ type: optionalText(), enforced: optionalText() })),
  properties: optionalStringMap(),
});

export const ApplicationIncidentStruct = type({
  id: string(),
  date: optionalText(),
  severity: optionalText(),
  description: optionalText(),
  status: optionalText(),
  resolvedDate: optionalText(),
});

export const ApplicationLocationStruct = type({
  account: optionalText(),
  name: optionalText(),
  type: optionalText(),
  purpose: optionalText(),
  region: optionalText(),
  provider: optionalText(),
  resourceCount: optionalNumber(),
});

export const ApplicationBackupStruct = type({
  id: string(),
  database: optionalText(),
  type: optionalText(),
  source: optionalText(),
  date: optionalText(),
  size: optionalText(),
  status: optionalText(),
});

export const ApplicationRestoreStruct = type({
  id: string(),
  database: optionalText(),
  date: optionalText(),
  source: optionalText(),
  status: optionalText(),
  completedAt: optionalText(),
});

export const ApplicationFindingStruct = type({
  id: string(),
  type: optionalText(),
  severity: optionalText(),
  title: optionalText(),
  description: optionalText(),
  date: optionalText(),
  lastObserved: optionalText(),
  status: optionalText(),
});

export const ApplicationChangeStruct = type({
  id: string(),
  date: optionalText(),
  changeType: optionalText(),
  source: optionalText(),
  createdBy: optionalText(),
  description: optionalText(),
  status: optionalText(),
});

export const ApplicationConfigStruct = type({
  ...idAndName,
  type: optionalText(),
  status: optionalText(),
  health: optionalText(),
  labels: optionalStringMap(),
});

/** A section: `configs`, `changes` or `view` (a view's data, shown as its columns and rows). */
export const ApplicationSectionStruct = type({
  type: string(),
  title: optionalText(),
  icon: optionalText(),
  configs: optionalList(ApplicationConfigStruct),
  changes: optionalList(ApplicationChangeStruct),
  view: maybe(
    type({
      columns: optionalList(type({ name: string(), type: optionalText() })),
      rows: optionalList(unknown()),
    }),
  ),
});

export const ApplicationReportStruct = type({
  id: optionalText(),
  name: string(),
  type: optionalText(),
  namespace: optionalText(),
  description: optionalText(),
  createdAt: optionalText(),
  properties: optionalList(ApplicationPropertyStruct),
  accessControl: maybe(
    type({
      users: optionalList(ApplicationUserStruct),
      authentication: optionalList(ApplicationAuthMethodStruct),
    }),
  ),
  incidents: optionalList(ApplicationIncidentStruct),
  locations: optionalList(ApplicationLocationStruct),
  backups: optionalList(ApplicationBackupStruct),
  restores: optionalList(ApplicationRestoreStruct),
  findings: optionalList(ApplicationFindingStruct),
  sections: optionalList(ApplicationSectionStruct),
});

export type ApplicationReport = Infer<typeof ApplicationReportStruct>;
export type ApplicationSection = Infer<typeof ApplicationSectionStruct>;
export type ApplicationLocation = Infer<typeof ApplicationLocationStruct>;
