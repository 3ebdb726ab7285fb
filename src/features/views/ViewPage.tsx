import { useParams } from 'react-router-dom';
import { useGetViewIdQuery } from '../../api/endpoints/views';
import { usePageHeader } from '../../ui/pageHeader';
import { QueryView } from '../../ui/QueryView';
import type { TableQueryResult } from '../../widgets/tableQueryState';
import { tableQueryState } from '../../widgets/tableQueryState';
import { ViewContent, useViewEvaluation } from '../../widgets/view/ViewRenderer';

/** The top bar's title until the view's title is known. */
export const VIEW_TITLE = 'View';
export const VIEW_NOT_FOUND = 'View not found';
export const VIEW_LOOKUP_ERROR = 'Error looking up the view';

/** One view by id: evaluated with the address's variables, its title in the top bar. */
export function ViewById({ id }: { id: string }) {
  const evaluation = useViewEvaluation(id);
  const view = evaluation.query.data;
  usePageHeader({
    title: view?.title || view?.name || VIEW_TITLE,
    onRefresh: evaluation.forceRefresh,
  });
  return (
    <div className="mc-page mc-view-page">
      <ViewContent evaluation={evaluation} />
    </div>
  );
}

/** `/views/:id` (spec 000 §2.3). */
export function ViewPage() {
  const { id = '' } = useParams();
  return <ViewById key={id} id={id} />;
}

/** What `/view/...` shows until the id is known, or when there is none. */
function LookupState({ label, lookup }: { label: string; lookup: TableQueryResult }) {
  usePageHeader({ title: label || VIEW_TITLE });
  return (
    <div className="mc-page">
      {/* A found id is shown by `ViewById`: here the lookup's answer is never the content. */}
      <QueryView
        {...tableQueryState(lookup)}
        data={null}
        loadingLabel="Loading view"
        errorTitle={VIEW_LOOKUP_ERROR}
        notFound={{ title: VIEW_NOT_FOUND, description: `There is no view named ${label}.` }}
      >
        {() => null}
      </QueryView>
    </div>
  );
}

/**
 * `/view/:namespace/:name` and `/view/:name`: the view's id from VIEW-07 (namespace and name)
 * or VIEW-08 (name), then the same page as `/views/:id`.
 */
export function ViewByNamePage() {
  const { namespace, name = '' } = useParams();
  const lookup = useGetViewIdQuery(namespace ? { namespace, name } : { name });
  const label = namespace ? `${namespace}/${name}` : name;
  if (lookup.data && !lookup.error) return <ViewById key={lookup.data} id={lookup.data} />;
  return <LookupState label={label} lookup={lookup} />;
}
