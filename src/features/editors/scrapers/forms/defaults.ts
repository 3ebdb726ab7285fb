/**
 * A new entry's values for each type of the family's forms: kept apart from the forms, which
 * load only with the type shown.
 */

/** A new AWS scrape config. */
export function awsDefaults(): Record<string, unknown> {
  return { region: [] };
}

/** A new Azure DevOps scrape config. */
export function azureDevopsDefaults(): Record<string, unknown> {
  return {};
}

/** A new Azure scrape config. */
export function azureDefaults(): Record<string, unknown> {
  return {};
}

/** A new File scrape config. */
export function fileDefaults(): Record<string, unknown> {
  return {};
}

/** A new GitHub Actions scrape config. */
export function githubActionsDefaults(): Record<string, unknown> {
  return {};
}

/** A new HTTP scrape config. */
export function httpDefaults(): Record<string, unknown> {
  return {};
}

/** A new Kubernetes File scrape config. */
export function kubernetesFileDefaults(): Record<string, unknown> {
  return { selector: {}, files: [] };
}

/** Spec 002 §9: how many requests the Kubernetes scraper keeps in flight by default. */
export const DEFAULT_MAX_IN_FLIGHT = 64;

/** A new Kubernetes scrape config. */
export function kubernetesDefaults(): Record<string, unknown> {
  return { maxInflight: DEFAULT_MAX_IN_FLIGHT };
}

/** A new SQL scrape config. */
export function sqlDefaults(): Record<string, unknown> {
  return {};
}

/** A new Trivy scrape config: it scans the cluster it runs in. */
export function trivyDefaults(): Record<string, unknown> {
  return { kubernetes: {} };
}
