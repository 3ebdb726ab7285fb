import type { ActionType } from '../model/results';
import {
  contentOutput,
  execOutput,
  httpOutput,
  logLines,
  notificationOutput,
  sqlOutput,
} from '../model/results';
import { ContentResult } from './ContentResult';
import { DocumentResult } from './DocumentResult';
import { ExecResult } from './ExecResult';
import { HttpResult } from './HttpResult';
import { LogsResult } from './LogsResult';
import { NotificationResult } from './NotificationResult';
import { SqlResult } from './SqlResult';

export interface ActionResultProps {
  /** The action's type from the playbook's spec; undefined when unknown. */
  type: ActionType | undefined;
  /** The action's result as PB-12/PB-13 give it. */
  result: unknown;
}

/**
 * An action's result drawn by the content type it declares (`contentType`, see
 * `ContentResult`), else for its type: exec as log text, http as code, headers and body,
 * sql as a table, logs as lines, notification as the message; any other type, or a result of
 * an unexpected shape, as a JSON document.
 */
export function ActionResult({ type, result }: ActionResultProps) {
  if (result === undefined || result === null) return <p className="mc-run-none">No result</p>;
  const content = contentOutput(result);
  const drawn = content && <ContentResult output={content} />;
  // An answer keeps its status code and headers, a command its exit code and stderr, around
  // the output drawn by its content type.
  if (type === 'http') {
    const output = httpOutput(result);
    if (output) return <HttpResult output={output} body={drawn} />;
  }
  if (type === 'exec' && drawn) {
    const output = execOutput(result);
    if (output) return <ExecResult output={output} stdout={drawn} />;
  }
  if (drawn) return drawn;
  switch (type) {
    case 'exec': {
      const output = execOutput(result);
      if (output) return <ExecResult output={output} />;
      break;
    }
    case 'sql': {
      const output = sqlOutput(result);
      if (output) return <SqlResult output={output} />;
      break;
    }
    case 'logs': {
      const lines = logLines(result);
      if (lines) return <LogsResult lines={lines} />;
      break;
    }
    case 'notification': {
      const output = notificationOutput(result);
      if (output) return <NotificationResult output={output} />;
      break;
    }
    default:
      break;
  }
  return <DocumentResult result={result} />;
}
