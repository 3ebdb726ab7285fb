import type { ReactNode } from 'react';
import type { ActionType } from '../model/results';
import {
  contentOutput,
  execOutput,
  httpOutput,
  logLines,
  modelUsage,
  notificationOutput,
  prometheusBodyOutput,
  prometheusRowsOutput,
  sqlOutput,
} from '../model/results';
import { ContentResult } from './ContentResult';
import { DocumentResult } from './DocumentResult';
import { ExecResult } from './ExecResult';
import { HttpResult } from './HttpResult';
import { LogsResult } from './LogsResult';
import { NotificationResult } from './NotificationResult';
import { PrometheusResult } from './PrometheusResult';
import { SqlResult } from './SqlResult';
import { UsageCost } from './UsageCost';

export interface ActionResultProps {
  /** The action's type from the playbook's spec; undefined when unknown. */
  type: ActionType | undefined;
  /** The action's result as PB-12/PB-13 give it. */
  result: unknown;
}

/** An ai action's report: its Markdown, else its JSON (`markdown`, `json` of the result). */
function aiReport(result: unknown): ReactNode {
  if (typeof result !== 'object' || result === null) return undefined;
  const { markdown, json } = result as Record<string, unknown>;
  if (typeof markdown === 'string' && markdown !== '') {
    return <ContentResult output={{ kind: 'markdown', content: markdown }} />;
  }
  if (typeof json === 'string' && json !== '') {
    return <ContentResult output={{ kind: 'json', content: json }} />;
  }
  return undefined;
}

/** The result drawn for its type (see `ActionResult`). */
function resultBody(type: ActionType | undefined, result: unknown): ReactNode {
  // A body holding a Prometheus API answer is drawn as series, whatever its content type.
  const prometheus = type === 'prometheus' ? undefined : prometheusBodyOutput(result);
  const content = prometheus ? undefined : contentOutput(result);
  const drawn = prometheus ? (
    <PrometheusResult output={prometheus} />
  ) : (
    content && <ContentResult output={content} />
  );
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
    case 'prometheus': {
      const output = prometheusRowsOutput(result) ?? prometheusBodyOutput(result);
      if (output) return <PrometheusResult output={output} />;
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
    case 'ai': {
      const report = aiReport(result);
      if (report) return report;
      break;
    }
    default:
      break;
  }
  return <DocumentResult result={result} />;
}

/**
 * An action's result drawn by the content type it declares (`contentType`, see
 * `ContentResult`), else for its type: exec as log text, http as code, headers and body,
 * sql as its query and a table, prometheus (or a body holding a Prometheus API answer) as a
 * chart and a table of series, logs as lines, notification as the message, ai as its report;
 * any other type, or a result of an unexpected shape, as a JSON document. An action that
 * called a model shows what it cost above.
 */
export function ActionResult({ type, result }: ActionResultProps) {
  if (result === undefined || result === null) return <p className="mc-run-none">No result</p>;
  const body = resultBody(type, result);
  const usage = modelUsage(result);
  if (!usage) return body;
  return (
    <>
      <p className="mc-run-usage">
        Cost <UsageCost usage={usage} />
      </p>
      {body}
    </>
  );
}
