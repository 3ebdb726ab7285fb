/**
 * What the integrations pages know of an integration's kind (api.md INT-01, INT-02): its label
 * in the list, the table it is stored in, and the access resource that guards writing it.
 */
import type { Resource } from '../../../auth/authorizer';

/** The URL and list type of an integration. */
export const INTEGRATION_TYPES = ['scrapers', 'topologies', 'logging_backends'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

export function isIntegrationType(value: string | null | undefined): value is IntegrationType {
  return (INTEGRATION_TYPES as readonly (string | null | undefined)[]).includes(value);
}

/** The list's label of each type. */
export const INTEGRATION_TYPE_LABELS: Readonly<Record<IntegrationType, string>> = {
  scrapers: 'Scraper',
  topologies: 'Topology',
  logging_backends: 'Log Backend',
};

/** The table INT-02 reads and §21 writes for each type. */
export const INTEGRATION_TABLES: Readonly<Record<IntegrationType, string>> = {
  scrapers: 'config_scrapers',
  topologies: 'topologies',
  logging_backends: 'logging_backends',
};

/** The access resource whose write allows editing each type (spec 002 §6.2). */
export const INTEGRATION_ACCESS: Readonly<Record<IntegrationType, Resource>> = {
  scrapers: 'config_scrapers',
  topologies: 'topologies',
  logging_backends: 'logging_backends',
};

/** A type's label; an unknown type is shown as it came. */
export function integrationTypeLabel(type: string | null | undefined): string {
  return isIntegrationType(type) ? INTEGRATION_TYPE_LABELS[type] : (type ?? '');
}

export { UI_SOURCE, isManagedElsewhere } from '../../../api/recordSource';
