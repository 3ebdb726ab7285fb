import { documentText } from '../model/results';

/** Any result as an indented JSON document. */
export function DocumentResult({ result }: { result: unknown }) {
  return (
    <pre className="mc-run-result mc-run-log" aria-label="Result document">
      {documentText(result)}
    </pre>
  );
}
