import type { CSSProperties, KeyboardEvent, UIEvent } from 'react';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { Spinner } from '@blueprintjs/core';
import type { OnMount } from '@monaco-editor/react';
import type { JsonSchema } from './schemaCheck';
import type { EditorLoading } from './monacoLoader';
import { getDefaultEditorLoading, loadMonaco } from './monacoLoader';
import { useSchemaProblems } from './useSchemaProblems';
import { useSelectorCompletion } from './useSelectorCompletion';
import type { SelectorFactsLoader } from '../../lib/selectorFacts';
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
  /** When Monaco loads; the default is set once for the console (`setDefaultEditorLoading`). */
  loading?: EditorLoading;
  /**
   * Offers completion in the YAML's resource selector fields (`search`, `tagSelector`,
   * `labelSelector`, `types`) from the estate's facts, which this loads when first needed.
   * Read when Monaco mounts; none by default.
   */
  selectorFacts?: SelectorFactsLoader | undefined;
}

const MonacoEditor = lazy(async () => ({ default: (await loadMonaco()).default }));

/** Font metrics shared by the plain view and Monaco, so the text stays put when Monaco arrives. */
const FONT_SIZE = 13;
const LINE_HEIGHT = 18;
const FONT_FAMILY = "Menlo, Monaco, Consolas, 'Droid Sans Mono', 'Courier New', monospace";

/** The line numbers of a text, one per line, as the plain view's gutter shows them. */
export function lineNumbers(text: string): string {
  let count = 1;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
    count += 1;
  }
  return Array.from({ length: count }, (_, line) => String(line + 1)).join('\n');
}

interface PlainCodeProps {
  value: string;
  readOnly: boolean;
  onChange?: (value: string) => void;
  /** The element that has the text: Monaco takes its focus and caret when it arrives. */
  textRef: React.MutableRefObject<HTMLTextAreaElement | HTMLPreElement | null>;
}

/**
 * The text at once, before Monaco: a read-only view, or a text area that keeps what is typed
 * until Monaco takes over with it. Line numbers in a gutter, in Monaco's font and line height.
 */
function PlainCode({ value, readOnly, onChange, textRef }: PlainCodeProps) {
  const gutter = useRef<HTMLPreElement>(null);
  const numbers = useMemo(() => lineNumbers(value), [value]);
  const follow = (event: UIEvent<HTMLTextAreaElement>) => {
    if (gutter.current) gutter.current.scrollTop = event.currentTarget.scrollTop;
  };
  const text = readOnly ? (
    <pre
      ref={(node) => {
        textRef.current = node;
      }}
      className="mc-code-plain__text"
      tabIndex={0}
    >
      {value}
    </pre>
  ) : (
    <textarea
      ref={(node) => {
        textRef.current = node;
      }}
      className="mc-code-plain__text"
      value={value}
      spellCheck={false}
      wrap="off"
      onScroll={follow}
      onChange={(event) => onChange?.(event.currentTarget.value)}
      onKeyDown={(event: KeyboardEvent<HTMLTextAreaElement>) => {
        // Tab indents, as in the editor that takes over.
        if (event.key !== 'Tab' || event.shiftKey) return;
        event.preventDefault();
        const area = event.currentTarget;
        const at = area.selectionStart;
        onChange?.(`${area.value.slice(0, at)}  ${area.value.slice(area.selectionEnd)}`);
        requestAnimationFrame(() => area.setSelectionRange(at + 2, at + 2));
      }}
    />
  );
  return (
    <div
      className={`mc-code-plain${readOnly ? ' mc-code-plain--scroll' : ''}`}
      style={{ fontFamily: FONT_FAMILY, fontSize: FONT_SIZE, lineHeight: `${LINE_HEIGHT}px` }}
    >
      <pre ref={gutter} className="mc-code-plain__gutter" aria-hidden="true">
        {numbers}
      </pre>
      {text}
    </div>
  );
}

/**
 * A code viewer and editor on the locally bundled Monaco. The text shows at once in a plain
 * view; Monaco loads when the pointer enters the editor or it takes focus (or at once with
 * `loading="eager"`), then takes over with the text as it is, the focus and the caret.
 */
export function CodeEditor({
  value,
  language = 'yaml',
  readOnly = true,
  onChange,
  height = '400px',
  label,
  schema,
  loading,
  selectorFacts,
}: CodeEditorProps) {
  const problems = useSchemaProblems(value, language, schema);
  const selectorCompletion = useSelectorCompletion(selectorFacts);
  const eager = (loading ?? getDefaultEditorLoading()) === 'eager';
  const [wanted, setWanted] = useState(eager);
  const [ready, setReady] = useState(false);
  const plain = useRef<HTMLTextAreaElement | HTMLPreElement | null>(null);
  const want = useCallback(() => setWanted(true), []);
  const mounted = useCallback<OnMount>(
    (editor, monaco) => {
      selectorCompletion(editor, monaco);
      const text = plain.current;
      if (text && text === document.activeElement) {
        const model = editor.getModel();
        if (text instanceof HTMLTextAreaElement && model) {
          editor.setPosition(model.getPositionAt(text.selectionStart));
        }
        editor.focus();
      }
      setReady(true);
    },
    [selectorCompletion],
  );
  const options = useMemo(
    () => ({
      readOnly,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      automaticLayout: true,
      fontSize: FONT_SIZE,
      lineHeight: LINE_HEIGHT,
      fontFamily: FONT_FAMILY,
    }),
    [readOnly],
  );
  // Monaco's wrapper (its style replaces the library's, so it is given whole). Until Monaco
  // has mounted it sits hidden over the plain view, which stays usable.
  const wrapper: CSSProperties = {
    display: 'flex',
    position: 'relative',
    textAlign: 'initial',
    width: '100%',
    height,
    ...(eager || ready ? {} : { position: 'absolute', inset: 0, visibility: 'hidden' }),
  };
  const editor = (
    <div
      aria-label={label}
      role="group"
      className="mc-code-editor"
      style={{ height }}
      onPointerEnter={want}
      onPointerDown={want}
      onFocus={want}
    >
      {!eager && !ready && (
        <PlainCode value={value} readOnly={readOnly} onChange={onChange} textRef={plain} />
      )}
      {wanted && (
        <Suspense fallback={eager ? <Spinner size={24} aria-label="Loading editor" /> : null}>
          <MonacoEditor
            value={value}
            language={language}
            height={height}
            loading={null}
            wrapperProps={{ style: wrapper }}
            onMount={mounted}
            onChange={(next) => onChange?.(next ?? '')}
            options={options}
          />
        </Suspense>
      )}
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
