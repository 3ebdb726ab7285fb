import { Spinner } from '@blueprintjs/core';
import { useParams } from 'react-router-dom';
import { useGetDisplayPluginVariablesQuery } from '../../../../api/endpoints/views';
import { LoadErrorCallout } from '../../../../ui/LoadErrorCallout';
import { SlotsProvider } from '../../../../widgets/slots/SlotsProvider';
import { tableQueryState } from '../../../../widgets/tableQueryState';
import { ViewContent, useViewEvaluation } from '../../../../widgets/view/ViewRenderer';
import { ViewCatalogSection, ViewChangesSection } from '../../viewSections';

/** The catalog's own tables, for the view's `uiRef` sections. */
const SECTION_SLOTS = { ViewCatalogSection, ViewChangesSection };

export const VIEW_VARIABLES_ERROR = "Error loading the item's variables for this view";

/**
 * `/catalog/:id/view/:viewId`: a view of the item, evaluated with the variables the item gives
 * it (`display.plugins[].variables` templated with the item), asked for first; no variables bar.
 */
export function ConfigViewTab() {
  const { id = '', viewId = '' } = useParams();
  const plugin = useGetDisplayPluginVariablesQuery(
    { viewId, configId: id },
    { skip: viewId === '' || id === '' },
  );
  const evaluation = useViewEvaluation(viewId, {
    withVariables: false,
    ...(plugin.data ? { variables: plugin.data } : {}),
    skip: !plugin.data,
  });
  const state = tableQueryState(plugin);
  if (state.error !== undefined) {
    return (
      <LoadErrorCallout
        title={VIEW_VARIABLES_ERROR}
        message={state.error}
        onRetry={state.onRetry}
        retrying={state.retrying}
      />
    );
  }
  if (!plugin.data) return <Spinner aria-label="Loading view" />;
  return (
    <SlotsProvider slots={SECTION_SLOTS}>
      <ViewContent key={viewId} evaluation={evaluation} showTitle />
    </SlotsProvider>
  );
}
