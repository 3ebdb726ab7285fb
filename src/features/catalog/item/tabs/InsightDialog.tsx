import {
  Callout,
  Classes,
  DialogBody,
  DialogFooter,
  NonIdealState,
  Spinner,
} from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useGetConfigItemInsightQuery } from '../../../../api/endpoints/configItem';
import { toErrorMessage } from '../../../../api/errors';
import type { ConfigInsightDetail } from '../../../../api/schemas/configItem';
import { paths } from '../../../../shell/paths';
import { useFormatDate } from '../../../../shell/useFormatDate';
import { AppDialog } from '../../../../ui/AppDialog';
import { CodeEditor } from '../../../../ui/CodeEditor/CodeEditor';
import { AttachAsEvidence, insightEvidence } from '../../../../widgets/attachEvidence';
import { ConfigName } from '../../../../widgets/ConfigIcon';
import { DetailField } from '../../../../ui/DetailField';
import { ItemLink } from '../ItemLink';
import { configText } from '../model/configText';
import { statusWord } from '../model/format';
import { SeverityTag } from './changeColumns';
// The dialog opens from the insights page too, where the item page's styles are not loaded.
import '../configItem.css';

/** The insight open in the dialog, in the address (`insightId`): Back closes it. */
export { INSIGHT_DIALOG_STATE } from '../../../../shell/paths';

function InsightBody({ insight }: { insight: ConfigInsightDetail }) {
  const formatDate = useFormatDate();
  const analysis = useMemo(() => configText(insight.analysis, 'yaml'), [insight.analysis]);
  const config = insight.config;
  return (
    <>
      <dl className="mc-config-details mc-insight-fields">
        <DetailField term="Message">{insight.message}</DetailField>
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
      {analysis !== '' && (
        <section aria-label="Analysis">
          <h4 className={Classes.HEADING}>Analysis</h4>
          <CodeEditor label="Analysis" value={analysis} language="yaml" height="40vh" />
        </section>
      )}
    </>
  );
}

export interface InsightDialogProps {
  insightId: string;
  onClose: () => void;
}

/** One insight (CAT-25): its fields and its analysis document as YAML, read-only. */
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
