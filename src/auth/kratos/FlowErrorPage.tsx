import { Spinner, SpinnerSize } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { useGetFlowErrorQuery } from '../../api/endpoints/identity';
import { isApiError } from '../../api/errors';
import { AuthCard } from './AuthCard';
import { kratosPaths } from './kratosPaths';

export const FLOW_ERROR_TITLE = 'Sign-in error';

/** Statuses after which the error is gone or not ours to see: the page sends the user home. */
const LEAVE_ON = new Set<unknown>([404, 403, 410]);

/**
 * The flow-error page (spec 000 §2.2): `/flow-error/:id` (or `?id=`). Loads the error; on 404,
 * 403 or 410 goes to `/`; otherwise shows it as JSON.
 */
export function FlowErrorPage() {
  const params = useParams();
  const [query] = useSearchParams();
  const id = params.id ?? query.get('id') ?? '';
  const { data, error, isLoading } = useGetFlowErrorQuery(id === '' ? skipToken : id);

  if (id === '' || (isApiError(error) && LEAVE_ON.has(error.status))) {
    return <Navigate to={kratosPaths.home.path} replace />;
  }
  const shown = data ?? (isApiError(error) ? (error.data ?? { message: error.message }) : error);
  return (
    <AuthCard title={FLOW_ERROR_TITLE}>
      {isLoading ? (
        <Spinner size={SpinnerSize.SMALL} aria-label="Loading" />
      ) : (
        <div className="kratos-flow-error">
          <pre aria-label="Error details">{JSON.stringify(shown, null, 2)}</pre>
        </div>
      )}
    </AuthCard>
  );
}
