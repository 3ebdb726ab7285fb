import { NonIdealState } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { paths } from '../../../shell/paths';

export const UNKNOWN_TABLE_TITLE = 'Not found';

/** In place of a list or an editor whose table, or record, the console does not know. */
export function UnknownResource({ description }: { description: string }) {
  return (
    <div className="mc-page mc-centered-page">
      <NonIdealState
        icon="search"
        title={UNKNOWN_TABLE_TITLE}
        description={<p>{description}</p>}
        action={<Link to={paths.home.getHref()}>Go to the home page</Link>}
      />
    </div>
  );
}
