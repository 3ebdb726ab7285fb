import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '../../shell/paths';

/** `/configs` and `/config-db`, the catalog's old addresses: go to `/catalog` with the same query. */
export function ConfigsRedirect() {
  const { search, hash } = useLocation();
  return <Navigate to={`${paths.catalog.getHref()}${search}${hash}`} replace />;
}
