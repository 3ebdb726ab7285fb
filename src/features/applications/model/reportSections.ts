/**
 * The audit report's parts, in reading order, from a MISC-05 response: only the parts the
 * response carries (a list that is absent or null is left out; an empty one is kept and says
 * so). The response's own `sections` come after the overview and environments, in their order.
 */
import type { ApplicationReport, ApplicationSection } from '../../../api/schemas/applications';

export type ReportPart =
  | { kind: 'locations'; id: string; title: string }
  | { kind: 'section'; id: string; title: string; section: ApplicationSection }
  | { kind: 'findings'; id: string; title: string }
  | { kind: 'incidents'; id: string; title: string }
  | { kind: 'backups'; id: string; title: string }
  | { kind: 'restores'; id: string; title: string }
  | { kind: 'access'; id: string; title: string };

/** The headings of the report's fixed parts. */
export const REPORT_TITLES = {
  overview: 'Overview',
  locations: 'Environments',
  findings: 'Findings',
  incidents: 'Incidents',
  backups: 'Backups',
  restores: 'Restores',
  access: 'Access Control',
  configs: 'Configs',
  changes: 'Changes',
  view: 'View',
} as const;

const present = (value: unknown) => value !== undefined && value !== null;

/** A section's heading: its own title, else one for its type. */
export function sectionTitle(section: ApplicationSection): string {
  if (section.title && section.title.trim() !== '') return section.title;
  if (section.type === 'configs') return REPORT_TITLES.configs;
  if (section.type === 'changes') return REPORT_TITLES.changes;
  return REPORT_TITLES.view;
}

export function reportParts(report: ApplicationReport): ReportPart[] {
  const parts: ReportPart[] = [];
  if (present(report.locations)) {
    parts.push({ kind: 'locations', id: 'locations', title: REPORT_TITLES.locations });
  }
  (report.sections ?? []).forEach((section, index) => {
    parts.push({ kind: 'section', id: `section-${index}`, title: sectionTitle(section), section });
  });
  if (present(report.findings)) {
    parts.push({ kind: 'findings', id: 'findings', title: REPORT_TITLES.findings });
  }
  if (present(report.incidents)) {
    parts.push({ kind: 'incidents', id: 'incidents', title: REPORT_TITLES.incidents });
  }
  if (present(report.backups)) {
    parts.push({ kind: 'backups', id: 'backups', title: REPORT_TITLES.backups });
  }
  if (present(report.restores)) {
    parts.push({ kind: 'restores', id: 'restores', title: REPORT_TITLES.restores });
  }
  if (present(report.accessControl)) {
    parts.push({ kind: 'access', id: 'access', title: REPORT_TITLES.access });
  }
  return parts;
}
