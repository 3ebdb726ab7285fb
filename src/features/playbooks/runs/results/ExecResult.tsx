import type { ReactNode } from 'react';
import type { ExecOutput } from '../model/results';

/**
 * A command's output as log text: stdout (`stdout` when it is drawn by its content type),
 * then stderr marked apart, and the exit code.
 */
export function ExecResult({ output, stdout }: { output: ExecOutput; stdout?: ReactNode }) {
  return (
    <div className="mc-run-result mc-run-exec">
      {output.exitCode !== undefined && (
        <div className="mc-run-exit">Exit code: {output.exitCode}</div>
      )}
      {output.stdout !== '' &&
        (stdout ?? (
          <pre className="mc-run-log" aria-label="Standard output">
            {output.stdout}
          </pre>
        ))}
      {output.stderr !== '' && (
        <pre className="mc-run-log mc-run-log--stderr" aria-label="Standard error">
          {output.stderr}
        </pre>
      )}
      {output.stdout === '' && output.stderr === '' && <p className="mc-run-none">No output</p>}
    </div>
  );
}
