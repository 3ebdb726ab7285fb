import { HtmlFrame } from '../../../../ui/HtmlFrame';
import { lazyPart } from '../../../../ui/LazyPart';
import type { ContentOutput } from '../model/results';
import { parseJson } from '../../../../lib/parseJson';
import { logEntries } from '../model/results';

// The renderers of Markdown and of JSON trees load only when a result of that kind is shown.
const Markdown = lazyPart(
  async () => (await import('../../../../ui/Markdown')).Markdown,
  'Loading the result',
);
const JsonTree = lazyPart(
  async () => (await import('../../../../ui/JsonTree')).JsonTree,
  'Loading the result',
);

/** Log lines on a dark background, each with its time and level when it has them. */
function LogContent({ content }: { content: string }) {
  return (
    <ol className="mc-run-result mc-run-dark-log" aria-label="Log output">
      {logEntries(content).map((entry, index) => (
        <li key={index}>
          {entry.timestamp && <time dateTime={entry.timestamp}>{entry.timestamp}</time>}
          {entry.level && <span className="mc-run-log-level">{entry.level}</span>}
          <span>{entry.message}</span>
        </li>
      ))}
    </ol>
  );
}

/**
 * A result drawn by its declared content type: Markdown rendered safely, HTML in a sandboxed
 * frame without script or network, JSON as a tree (text that is not JSON as text), logs on a
 * dark background, and any other text in a monospace block.
 */
export function ContentResult({ output }: { output: ContentOutput }) {
  switch (output.kind) {
    case 'markdown':
      return (
        <div className="mc-run-result" aria-label="Markdown output" role="document">
          <Markdown source={output.content} />
        </div>
      );
    case 'html':
      return (
        <HtmlFrame
          className="mc-run-result mc-run-html"
          title="HTML output"
          html={output.content}
        />
      );
    case 'json': {
      const parsed = parseJson(output.content);
      if (parsed) {
        return (
          <div className="mc-run-result">
            <JsonTree value={parsed.value} label="JSON output" />
          </div>
        );
      }
      break;
    }
    case 'log':
      return <LogContent content={output.content} />;
    default:
      break;
  }
  return (
    <pre className="mc-run-result mc-run-log" aria-label="Text output">
      {output.content}
    </pre>
  );
}
