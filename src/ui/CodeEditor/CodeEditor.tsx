import { lazy, Suspense, useMemo } from 'react';
import { Spinner } from '@blueprintjs/core';
import type { JsonSchema } from './schemaCheck';
import { schemaProblems } from './schemaCheck';
import './codeEditor.css';

/** The accessible name of the list of schema problems under an editor. */
export const SCHEMA_PROBLEMS_LABEL = 'Problems';

export interface CodeEditorProps {
  /** The text shown in the editor. */
  value: string;
  /** Language for highlighting; default `yaml`. */
  language?: 'yaml' | 'json' | 'plaintext';
  /** Read-only by default; pass `onChange` and `readOnly={false}` to edit. */
  readOnly?: boolean;
  /** Called with the new text on every edit. */
  onChange?: (value: string) => void;
  /** Editor height in CSS units; default `400px`. */
  height?: string;
  /** Accessible name of the editor. */
  label: string;
  /**
   * A JSON schema the text (YAML or JSON) is checked against on every change; its problems,
   * each with its path, are listed under the editor. None by default.
   */
  schema?: JsonSchema;
}

/** Monaco, and its set-up, load only when the first editor is shown. */
const MonacoEditor = lazy(async () => {
  await import(/* webpackChunkName: "monaco" */ './monacoSetup');
  const module = await import(/* webpackChunkName: "monaco" */ '@monaco-editor/react');
  return { default: module.default };
});

/** A code viewer and editor on the locally bundled Monaco. */
export function CodeEditor({
  value,
  language = 'yaml',
  readOnly = true,
  onChange,
  height = '400px',
  label,
  schema,
}: CodeEditorProps) {
  const problems = useMemo(
    () => (schema && language !== 'plaintext' ? schemaProblems(value, language, schema) : []),
    [schema, language, value],
  );
  const editor = (
    <div aria-label={label} role="group" style={{ height }}>
      <Suspense fallback={<Spinner size={24} aria-label="Loading editor" />}>
        <MonacoEditor
          value={value}
          language={language}
          height={height}
          onChange={(next) => onChange?.(next ?? '')}
          options={{
            readOnly,
            minimap: { enabled: false },
            scrollBeyondLastLine: false,
            automaticLayout: true,
            fontSize: 13,
          }}
        />
      </Suspense>
    </div>
  );
  if (!schema) return editor;
  return (
    <>
      {editor}
      {problems.length > 0 && (
        <ul className="mc-code-problems" aria-label={SCHEMA_PROBLEMS_LABEL}>
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </>
  );
}
