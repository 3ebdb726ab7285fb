import { Callout, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { loadYaml } from '../../../lib/yaml';
import { useFormatDate } from '../../../shell/useFormatDate';
import { CodeEditor } from '../../../ui/CodeEditor/CodeEditor';

/** Said when the scraper was saved after the run started. */
export const SPEC_CHANGED = 'The spec changed after this run';

/** Whether the scraper was saved after the run started. */
export function specChangedAfter(
  updatedAt: string | null | undefined,
  runStart: string | null | undefined,
): boolean {
  if (!updatedAt || !runStart) return false;
  const updated = Date.parse(updatedAt);
  const started = Date.parse(runStart);
  return Number.isFinite(updated) && Number.isFinite(started) && updated > started;
}

/** The spec as YAML, once js-yaml has loaded; undefined until then. */
function useYaml(spec: unknown): string | undefined {
  const [text, setText] = useState<{ spec: unknown; yaml: string }>();
  useEffect(() => {
    let live = true;
    void loadYaml().then((yaml) => {
      if (!live) return;
      const value =
        typeof spec === 'string' ? spec : yaml.dump(spec ?? {}, { noRefs: true, lineWidth: -1 });
      setText({ spec, yaml: value });
    });
    return () => {
      live = false;
    };
  }, [spec]);
  return text && text.spec === spec ? text.yaml : undefined;
}

export interface SpecTabProps {
  spec: unknown;
  /** When the scraper was last saved. */
  updatedAt: string | null | undefined;
  /** When the run started. */
  runStart: string | null | undefined;
}

/** The scraper's spec, read-only as YAML, with a note when it was saved after the run started. */
export function SpecTab({ spec, updatedAt, runStart }: SpecTabProps) {
  const formatDate = useFormatDate();
  const yaml = useYaml(spec);
  return (
    <div className="mc-scrape-run-spec">
      {specChangedAfter(updatedAt, runStart) && updatedAt && (
        <Callout intent="warning" icon="warning-sign" title={SPEC_CHANGED}>
          The scraper was saved on {formatDate(updatedAt)}; this run used the spec it had before.
        </Callout>
      )}
      {yaml === undefined ? (
        <Spinner size={20} aria-label="Loading the spec" />
      ) : (
        <CodeEditor label="Scraper spec" value={yaml} language="yaml" height="60vh" />
      )}
    </div>
  );
}
