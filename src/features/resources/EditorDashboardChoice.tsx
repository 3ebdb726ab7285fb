import type { SettingsResource } from '../../api/schemas/settingsResources';
import type { ResourceTable } from './resourceTables';
import { useDashboardChoice } from './useDashboardChoice';

/**
 * Beside a view's editor tabs: the mark of the dashboard view, or an admin's "Use as
 * dashboard". Loaded only by the editors of tables whose records can be the dashboard.
 */
export function EditorDashboardChoice({
  config,
  row,
}: {
  config: ResourceTable;
  row: SettingsResource;
}) {
  const { choice } = useDashboardChoice(config);
  return <>{choice?.(row)}</>;
}
