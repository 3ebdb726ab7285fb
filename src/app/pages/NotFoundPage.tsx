import { Link, useLocation } from 'react-router-dom';
import { NonIdealState } from '@blueprintjs/core';
import { paths } from '../../shell/paths';

/** Shown for any path that is not in the route table. */
export function NotFoundPage() {
  const location = useLocation();
  return (
    <main className="mc-centered-page">
      <NonIdealState
        icon="search"
        title="404: Page not found"
        description={
          <p>
            There is no page at <code>{location.pathname}</code>.
          </p>
        }
        action={<Link to={paths.home.getHref()}>Go to the home page</Link>}
      />
    </main>
  );
}
