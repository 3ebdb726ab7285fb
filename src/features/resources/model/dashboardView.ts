import {
  DASHBOARD_PROPERTY,
  DASHBOARD_PROPERTY_FALLBACK,
  DEFAULT_DASHBOARD_VIEW,
} from '../../../../contracts/dashboard';

/** A property as PROP-01 lists it. */
interface NamedValue {
  name: string;
  value: string;
}

/**
 * The view `/` shows, as the backend chooses it: `dashboard.default.view`, else
 * `defaults.dashboard_view` (`namespace/name` or `name`), else `mission-control-dashboard`.
 */
export function dashboardRefOf(properties: readonly NamedValue[]): string {
  const value = (name: string) => {
    const text = properties.find((property) => property.name === name)?.value.trim();
    return text ? text : undefined;
  };
  return value(DASHBOARD_PROPERTY) ?? value(DASHBOARD_PROPERTY_FALLBACK) ?? DEFAULT_DASHBOARD_VIEW;
}

/** Whether a view is the one `ref` names (`namespace/name`, or `name` in any namespace). */
export function isDashboardView(
  ref: string,
  view: { namespace?: string | null; name: string },
): boolean {
  const slash = ref.indexOf('/');
  if (slash <= 0) return view.name === ref;
  return (view.namespace ?? '') === ref.slice(0, slash) && view.name === ref.slice(slash + 1);
}
