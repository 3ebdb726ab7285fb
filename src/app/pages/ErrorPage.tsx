import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../shell/paths';
import { PageAlert } from './PageAlert';

/** Texts of the error page, keyed by the `error_code` query parameter. */
export const errorTexts: Record<string, string> = {
  BAD_SESSION:
    'Bad Session. Please try logging out and logging in again, if the problem persist, please contact us.',
};

export const UNKNOWN_ERROR = 'Unknown error';

/** `/error?error_code=…`: explains a sign-in problem and offers a way back. */
export function ErrorPage() {
  const [params] = useSearchParams();
  const code = params.get('error_code') ?? '';
  const text = errorTexts[code] ?? UNKNOWN_ERROR;
  return (
    <PageAlert
      icon="error"
      title="Error"
      message={text}
      action={<Link to={paths.home.getHref()}>Go back</Link>}
    />
  );
}
