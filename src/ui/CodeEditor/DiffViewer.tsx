import { SegmentedControl, Spinner } from '@blueprintjs/core';
import { lazy, Suspense, useMemo, useState } from 'react';

/** How the two sides are laid out. */
export type DiffLayout = 'side-by-side' | 'unified';

/** The layout choices, as the toggle names them. */
export const DIFF_LAYOUTS: ReadonlyArray<{ value: DiffLayout; label: string }> = [
  { value: 'side-by-side', label: 'Side by side' },
  { value: 'unified', label: 'Unified' },
];

export interface DiffViewerProps {
  /** The text before the change. */
  original: string;
  /** The text after the change. */
  modified: string;
  /** Language for highlighting; default `yaml`. */
  language?: 'yaml' | 'json' | 'plaintext';
  /** Height of the editor in CSS units; default `400px`. */
  height?: string;
  /** Accessible name of the viewer. */
  label: string;
  /** The layout (controlled). */
  layout?: DiffLayout;
  /** The layout to start with when uncontrolled; default `side-by-side`. */
  defaultLayout?: DiffLayout;
  /** Called when the user picks the other layout. */
  onLayoutChange?: (layout: DiffLayout) => void;
}

/** Monaco's diff editor, and the local Monaco set-up, load only when the first diff is shown. */
const MonacoDiffEditor = lazy(async () => {
  await import(/* webpackChunkName: "monaco" */ './monacoSetup');
  const module = await import(/* webpackChunkName: "monaco" */ '@monaco-editor/react');
  return { default: module.DiffEditor };
});

function isLayout(value: string): value is DiffLayout {
  return DIFF_LAYOUTS.some((layout) => layout.value === value);
}

/**
 * A read-only diff of two texts on the locally bundled Monaco, side by side or unified (a
 * toggle above it switches).
 */
export function DiffViewer({
  original,
  modified,
  language = 'yaml',
  height = '400px',
  label,
  layout,
  defaultLayout = 'side-by-side',
  onLayoutChange,
}: DiffViewerProps) {
  const [ownLayout, setOwnLayout] = useState<DiffLayout>(defaultLayout);
  const current = layout ?? ownLayout;
  // The editor applies its options again whenever they change identity.
  const options = useMemo(
    () => ({
      readOnly: true,
      originalEditable: false,
      renderSideBySide: current === 'side-by-side',
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      automaticLayout: true,
      fontSize: 13,
    }),
    [current],
  );
  return (
    <div className="mc-diff-viewer" role="group" aria-label={label}>
      <SegmentedControl
        aria-label="Diff layout"
        size="small"
        options={DIFF_LAYOUTS.map((option) => ({ value: option.value, label: option.label }))}
        value={current}
        onValueChange={(value) => {
          if (!isLayout(value)) return;
          setOwnLayout(value);
          onLayoutChange?.(value);
        }}
      />
      <div style={{ height, marginTop: 8 }}>
        <Suspense fallback={<Spinner size={24} aria-label="Loading editor" />}>
          <MonacoDiffEditor
            original={original}
            modified={modified}
            language={language}
            height={height}
            options={options}
          />
        </Suspense>
      </div>
    </div>
  );
}
