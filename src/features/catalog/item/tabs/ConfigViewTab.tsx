import { useParams } from 'react-router-dom';
import { ViewContent, useViewEvaluation } from '../../../../widgets/view/ViewRenderer';

/** `/catalog/:id/view/:viewId`: a view of the item, evaluated with `{}` and no variables bar. */
export function ConfigViewTab() {
  const { viewId = '' } = useParams();
  const evaluation = useViewEvaluation(viewId, { withVariables: false });
  return <ViewContent key={viewId} evaluation={evaluation} showTitle />;
}
