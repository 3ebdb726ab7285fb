import { Button } from '@blueprintjs/core';
import { useCallback } from 'react';
import { useSetDashboardViewMutation } from '../../api/endpoints/properties';
import { useGetPropertiesQuery } from '../../api/endpoints/system';
import type { SettingsResource } from '../../api/schemas/settingsResources';
import { useCan } from '../../auth/hooks';
import { dashboardRefOf, isDashboardView } from './model/dashboardView';
import type { ResourceTable } from './resourceTables';

export const USE_AS_DASHBOARD = 'Use as dashboard';

/** Room in the actions cell for the "Use as dashboard" button. */
const ACTIONS_WIDTH = 170;

/**
 * The dashboard in a list whose records can be it (views): which row `/` shows (from the
 * effective properties, PROP-01, as the backend chooses it) and, for admins, a "Use as
 * dashboard" row action on the others that names the row in `dashboard.default.view`. Nothing
 * for other tables.
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
  const rowActions = ({ name, namespace, ...row }: SettingsResource) =>
    !name || isDashboard({ ...row, name, namespace }) ? null : (
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
  return {
    isDashboard: enabled ? isDashboard : undefined,
    ...(canChoose ? { rowActions, actionsWidth: ACTIONS_WIDTH } : {}),
  };
}
