import {
  Callout,
  Classes,
  DialogBody,
  DialogFooter,
  NonIdealState,
  Spinner,
  Tab,
  Tabs,
} from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { useGetConfigItemInsightQuery } from '../../../../api/endpoints/configItem';
import { toErrorMessage } from '../../../../api/errors';
import type { ConfigInsightDetail, InsightProperty } from '../../../../api/schemas/configItem';
import { paths } from '../../../../shell/paths';
import { useFormatDate } from '../../../../shell/useFormatDate';
import { AppDialog } from '../../../../ui/AppDialog';
import { CodeEditor } from '../../../../ui/CodeEditor/CodeEditor';
import { AttachAsEvidence, insightEvidence } from '../../../../widgets/attachEvidence';
import { ConfigName } from '../../../../widgets/ConfigIcon';
import { DetailField } from '../../../../ui/DetailField';
import { PlainTable } from '../../../../ui/PlainTable';
import { ItemLink } from '../ItemLink';
import { configText } from '../model/configText';
import { statusWord } from '../model/format';
import { SeverityTag } from './changeColumns';
// The dialog opens from the insights page too, where the item page's styles are not loaded.
import '../configItem.css';

/** The insight open in the dialog, in the address (`insightId`): Back closes it. */
export { INSIGHT_DIALOG_STATE } from '../../../../shell/paths';

/** A property's value as it reads: its text, else its value with its unit. */
export function propertyText(property: InsightProperty): string {
  if (property.text) return property.text;
  if (property.value === null || property.value === undefined) return '';
  return property.unit ? `${property.value} ${property.unit}` : String(property.value);
}

/** The insight's properties in their order, each a name and what it reads. */
function InsightProperties({ properties }: { properties: readonly InsightProperty[] }) {
  const rows = useMemo(
    () =>
      properties
        .map((property, index) => ({ property, index }))
        .sort((a, b) => (a.property.order ?? a.index) - (b.property.order ?? b.index))
        .map(({ property }) => property),
    [properties],
  );
  if (rows.length === 0) return null;
  return (
    <section aria-label="Properties" className="mc-insight-properties">
      <h4 className={Classes.HEADING}>Properties</h4>
      <PlainTable<InsightProperty>
        label="Properties"
        rows={rows}
        rowKey={(property, index) => `${property.name ?? property.label ?? ''}-${index}`}
        rowHeading={{ header: 'Name', cell: (property) => property.label || property.name }}
        columns={[{ header: 'Value', cell: propertyText }]}
      />
    </section>
  );
}

/** The analysis document as YAML, and the message, in two tabs (Analysis first). */
function InsightTabs({ insight }: { insight: ConfigInsightDetail }) {
  const analysis = useMemo(() => configText(insight.analysis, 'yaml'), [insight.analysis]);
  const [tab, setTab] = useState<string>('analysis');
  return (
    <Tabs id="insight-tabs" selectedTabId={tab} onChange={(id) => setTab(String(id))}>
      <Tab
        id="analysis"
        title="Analysis"
        panel={
          analysis === '' ? (
            <p className={Classes.TEXT_MUTED}>No analysis</p>
          ) : (
            <CodeEditor label="Analysis" value={analysis} language="yaml" height="40vh" />
          )
        }
      />
      <Tab
        id="message"
        title="Message"
        panel={
          <pre className="mc-insight-message">
            {insight.message || <span className={Classes.TEXT_MUTED}>No message</span>}
          </pre>
        }
      />
    </Tabs>
  );
}

function InsightBody({ insight }: { insight: ConfigInsightDetail }) {
  const formatDate = useFormatDate();
  const config = insight.config;
  return (
    <>
      <dl className="mc-config-details mc-insight-fields">
        <DetailField term="Summary">{insight.summary}</DetailField>
        <DetailField term="Analyzer">{insight.analyzer}</DetailField>
        <DetailField term="Type">{insight.analysis_type}</DetailField>
        <DetailField term="Severity">
          {insight.severity && <SeverityTag severity={insight.severity} />}
        </DetailField>
        <DetailField term="Status">{statusWord(insight.status)}</DetailField>
        <DetailField term="Source">{insight.source}</DetailField>
        <DetailField term="First observed">{formatDate(insight.first_observed)}</DetailField>
        <DetailField term="Config">
          {config && (
            <ItemLink to={paths.catalogItem.getHref(config.id)}>
              <ConfigName name={config.name} type={config.type} configClass={config.config_class} />
            </ItemLink>
          )}
        </DetailField>
      </dl>
      <InsightProperties properties={insight.properties ?? []} />
      <InsightTabs insight={insight} />
    </>
  );
}

export interface InsightDialogProps {
  insightId: string;
  onClose: () => void;
}

/**
 * One insight (CAT-25): its fields (summary, analyzer, type, severity, status, source, first
 * observed, config), its properties, and tabs for its analysis document as YAML, read-only,
 * and its message.
 */
export function InsightDialog({ insightId, onClose }: InsightDialogProps) {
  const { data: insight, isLoading, error } = useGetConfigItemInsightQuery(insightId);
  let body: ReactNode;
  if (isLoading) body = <Spinner aria-label="Loading insight" />;
  else if (error) {
    body = (
      <Callout intent="danger" title="The insight could not be loaded">
        {toErrorMessage(error)}
      </Callout>
    );
  } else if (!insight) body = <NonIdealState icon="search" title="Insight not found" />;
  else body = <InsightBody insight={insight} />;
  const title = insight ? insight.analyzer || insight.analysis_type || 'Insight' : 'Insight';
  return (
    <AppDialog isOpen onClose={onClose} title={title} icon="lightbulb" size="large">
      <DialogBody useOverflowScrollContainer>{body}</DialogBody>
      {insight && (
        <AttachAsEvidence
          evidence={insightEvidence(insight)}
          container={(button) => <DialogFooter actions={button} />}
        />
      )}
    </AppDialog>
  );
}
