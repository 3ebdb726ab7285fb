import { Tag } from '@blueprintjs/core';

/** The tag of the view `/` shows, in the views list and its editor. */
export const DASHBOARD_TAG = 'Dashboard';

/** The mark of the view `/` shows. */
export function DashboardTag() {
  return (
    <Tag minimal intent="primary" className="mc-resource-dashboard-tag">
      {DASHBOARD_TAG}
    </Tag>
  );
}
