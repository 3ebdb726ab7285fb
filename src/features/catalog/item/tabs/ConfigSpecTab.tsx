import { Button, NonIdealState, SegmentedControl } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import type { ConfigDetail } from '../../../../api/schemas/configItem';
import { copyToClipboard } from '../../../../ui/clipboard';
import { CodeEditor } from '../../../../ui/CodeEditor/CodeEditor';
import { NO_DATA } from '../../../../ui/DataTable/DataTable';
import type { ConfigFormat } from '../model/configText';
import { configText } from '../model/configText';

const FORMATS: Array<{ value: ConfigFormat; label: string }> = [
  { value: 'yaml', label: 'YAML' },
  { value: 'json', label: 'JSON' },
];

/**
 * The Spec tab: the item's scraped document, read-only, as YAML or JSON (Monaco's find,
 * Ctrl+F or Cmd+F, searches it), with Copy.
 */
export function ConfigSpecTab({ item }: { item: ConfigDetail }) {
  const [format, setFormat] = useState<ConfigFormat>('yaml');
  const text = useMemo(() => configText(item.config, format), [item.config, format]);
  if (text === '') return <NonIdealState icon="code" title={NO_DATA} />;
  return (
    <div className="mc-config-spec">
      <div className="mc-config-toolbar">
        <SegmentedControl
          size="small"
          aria-label="Format"
          options={FORMATS}
          value={format}
          onValueChange={(value) => setFormat(value === 'json' ? 'json' : 'yaml')}
        />
        <Button
          size="small"
          icon="duplicate"
          text="Copy"
          onClick={() => void copyToClipboard(text)}
        />
      </div>
      <CodeEditor label="Config" value={text} language={format} height="65vh" />
    </div>
  );
}
