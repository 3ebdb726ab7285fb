/**
 * Feature flags (api.md PROP-01): a property `{feature}.disable` with the value `true` switches
 * a section of the console off. A few features are off by default (`DEFAULT_OFF_FEATURES`):
 * only the property `{feature}.disable` with the value `false` switches them on. Pure; built
 * from the properties list.
 */

export const FEATURES = [
  'topology',
  'health',
  'incidents',
  'config',
  'logs',
  'playbooks',
  'applications',
  'views',
  'agents',
  'settings',
  'settings.connections',
  'settings.users',
  'settings.teams',
  'settings.rules',
  'settings.config_scraper',
  'settings.topology',
  'settings.health',
  'settings.job_history',
  'settings.feature_flags',
  'settings.logging_backends',
  'settings.event_queue_status',
  'settings.organization_profile',
  'settings.notifications',
  'settings.playbooks',
  'settings.integrations',
  'settings.permissions',
  'settings.views',
  'settings.plugins',
  'settings.flows',
] as const;
export type Feature = (typeof FEATURES)[number];

/**
 * Features off unless a property `{feature}.disable` is exactly `false`: developer pages that
 * production deployments do not show (the demo backend switches them on).
 */
export const DEFAULT_OFF_FEATURES: ReadonlySet<Feature> = new Set<Feature>(['settings.flows']);

/**
 * Features that are also off when another one is: the settings pages of a section follow the
 * section, and every settings page follows `settings`.
 */
export const FEATURE_PARENTS: Partial<Record<Feature, readonly Feature[]>> = {
  'settings.config_scraper': ['config'],
  'settings.topology': ['topology'],
  'settings.health': ['health'],
  'settings.job_history': ['health'],
  // Log backends serve the logs, the views' definitions the views; the agents page is one of
  // the settings pages.
  'settings.logging_backends': ['logs'],
  'settings.views': ['views'],
  agents: ['settings'],
};

export const DISABLE_SUFFIX = '.disable';

export function isFeature(value: string): value is Feature {
  return (FEATURES as readonly string[]).includes(value);
}

/** `incidents` → `incidents.disable`. */
export function disablePropertyName(feature: Feature): string {
  return `${feature}${DISABLE_SUFFIX}`;
}

/** A property as PROP-01 lists it; only name and value matter here. */
export interface FlagProperty {
  name: string;
  value: string;
}

function parentsOf(feature: Feature): readonly Feature[] {
  const parents = [...(FEATURE_PARENTS[feature] ?? [])];
  if (feature.startsWith('settings.')) parents.push('settings');
  return parents;
}

export interface FeatureFlags {
  /** False when the feature, or a feature it follows, is disabled. */
  isEnabled(feature: Feature): boolean;
  /** Every disabled feature, inherited ones included, in the order of `FEATURES`. */
  readonly disabled: readonly Feature[];
}

/**
 * The flags of a properties list. The first property of a name decides (PROP-01 lists the
 * running process's properties before database rows of the same name); the value must be
 * exactly `true` to switch a feature off, and exactly `false` to switch on one that is off by
 * default. Unknown feature names are ignored.
 */
export function createFeatureFlags(properties: readonly FlagProperty[]): FeatureFlags {
  const seen = new Set<string>();
  const direct = new Set<Feature>(DEFAULT_OFF_FEATURES);
  for (const { name, value } of properties) {
    if (seen.has(name)) continue;
    seen.add(name);
    if (!name.endsWith(DISABLE_SUFFIX)) continue;
    const feature = name.slice(0, -DISABLE_SUFFIX.length);
    if (!isFeature(feature)) continue;
    if (value === 'true') direct.add(feature);
    else if (value === 'false' && DEFAULT_OFF_FEATURES.has(feature)) direct.delete(feature);
  }
  const disabled = FEATURES.filter(
    (feature) => direct.has(feature) || parentsOf(feature).some((parent) => direct.has(parent)),
  );
  const disabledSet = new Set<Feature>(disabled);
  return {
    disabled,
    isEnabled: (feature) => !disabledSet.has(feature),
  };
}

/**
 * Every feature on but those off by default: before the properties are known, or when they
 * cannot be read.
 */
export const ALL_ENABLED: FeatureFlags = createFeatureFlags([]);
