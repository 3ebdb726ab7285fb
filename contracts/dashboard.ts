/**
 * How the dashboard view (`/`, `GET /api/dashboard`) is chosen: the property upstream names it
 * with (`namespace/name` or `name`), the name issue 37 gives the same property (read when
 * upstream's is not set), and the view used when neither is.
 */
export const DASHBOARD_PROPERTY = 'dashboard.default.view';
export const DASHBOARD_PROPERTY_FALLBACK = 'defaults.dashboard_view';
export const DEFAULT_DASHBOARD_VIEW = 'mission-control-dashboard';

/** A view as the dashboard property names it: `namespace/name`, or `name` without a namespace. */
export function dashboardViewRef(view: { namespace?: string | null; name: string }): string {
  return view.namespace ? `${view.namespace}/${view.name}` : view.name;
}
