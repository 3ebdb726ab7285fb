import { Button } from '@blueprintjs/core';
import { useCallback } from 'react';
import { useSetDashboardViewMutation } from '../../api/endpoints/properties';
import { useGetPropertiesQuery } from '../../api/endpoints/system';
import type { SettingsResource } from '../../api/schemas/settingsResources';
import { useCan } from '../../auth/hooks';
import { dashboardRefOf, isDashboardView } from './model/dashboardView';
import { DashboardTag } from './DashboardTag';
import type { ResourceTable } from './resourceTables';

export const USE_AS_DASHBOARD = 'Use as dashboard';

/** Room in the actions cell for the "Use as dashboard" button. */
const ACTIONS_WIDTH = 170;

/**
 * The dashboard in a table whose records can be it (views): which record `/` shows (from the
 * effective properties, PROP-01, as the backend chooses it) and, for admins, a "Use as
 * dashboard" button for a record that is not it, which names the record in
 * `dashboard.default.view` (a failure is toasted with the server's reason). `listActions` puts
 * the button in the list's rows; `choice(row)` is the mark or the button for one record (its
 * editor). Nothing for other tables.
 */
export function useDashboardChoice(config: ResourceTable) {
  const enabled = config.dashboardChoice;
  const { data: properties } = useGetPropertiesQuery(undefined, { skip: !enabled });
  // Choosing the home page of everyone is an admin's action.
  const canChoose = useCan('rbac', 'write') && enabled;
  const [setDashboardView, setting] = useSetDashboardViewMutation();
  const ref = enabled && properties ? dashboardRefOf(properties) : undefined;
  const isDashboard = useCallback(
    (row: SettingsResource) =>
      ref !== undefined && !!row.name && isDashboardView(ref, { ...row, name: row.name }),
    [ref],
  );
  /** The button for a record that is not the dashboard (admins), else nothing. */
  const chooseButton = ({ name, namespace, ...row }: SettingsResource) =>
    !canChoose || !name || isDashboard({ ...row, name, namespace }) ? null : (
      <Button
        size="small"
        variant="minimal"
        icon="dashboard"
        text={USE_AS_DASHBOARD}
        aria-label={`${USE_AS_DASHBOARD}: ${name}`}
        loading={setting.isLoading && setting.originalArgs?.name === name}
        disabled={setting.isLoading}
        onClick={() => void setDashboardView({ namespace, name })}
      />
    );
  const choice = (row: SettingsResource) =>
    isDashboard(row) ? <DashboardTag /> : chooseButton(row);
  return {
    isDashboard: enabled ? isDashboard : undefined,
    listActions: canChoose ? { rowActions: chooseButton, actionsWidth: ACTIONS_WIDTH } : {},
    choice: enabled ? choice : undefined,
  };
}
