import { Callout, FormGroup, InputGroup, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { useId, useMemo, useState } from 'react';
import { chartValuesSchemaFile, useGetChartValuesQuery } from '../../api/endpoints/integrations';
import { useGetJsonSchemaQuery } from '../../api/endpoints/jsonSchemas';
import { CopyableText } from '../../ui/CopyableText';
import { CodeEditor } from '../../ui/CodeEditor/CodeEditor';
import type { GitOpsOption } from '../../../machines/integrations/addIntegration';
import { DEFAULT_INTEGRATION_NAMESPACE, fluxManifest, helmCommands } from './model/gitops';
import { GITOPS_INFO, WIZARD_TEXT } from './model/options';

export interface GitOpsPanelProps {
  option: GitOpsOption;
}

type OutputTab = 'flux' | 'helm';

/**
 * A GitOps option of the wizard (spec 002 §2.3, §9): the namespace (default mission-control),
 * the chart's values (its defaults to start with) checked against the chart's values schema,
 * and the output in two tabs, Flux (HelmRepository and HelmRelease) and Helm CLI, each with a
 * copy button, above the note that the Kubernetes chart must be installed in flux.
 */
export function GitOpsPanel({ option }: GitOpsPanelProps) {
  const { chart } = GITOPS_INFO[option];
  const namespaceId = useId();
  const [namespace, setNamespace] = useState(DEFAULT_INTEGRATION_NAMESPACE);
  const defaults = useGetChartValuesQuery(chart);
  const schema = useGetJsonSchemaQuery(chartValuesSchemaFile(chart));
  const [values, setValues] = useState<string | undefined>(undefined);
  const [tab, setTab] = useState<OutputTab>('flux');

  // The chart's defaults fill the editor until the user types.
  const text = values ?? defaults.data ?? '';
  const input = useMemo(() => ({ chart, namespace, values: text }), [chart, namespace, text]);
  const flux = useMemo(() => fluxManifest(input), [input]);
  const helm = useMemo(() => helmCommands(input), [input]);

  return (
    <div className="mc-integration-gitops">
      <FormGroup label={WIZARD_TEXT.namespace} labelFor={namespaceId}>
        <InputGroup
          id={namespaceId}
          value={namespace}
          onValueChange={(next) => setNamespace(next)}
        />
      </FormGroup>
      {defaults.isLoading ? (
        <Spinner size={24} aria-label="Loading values" />
      ) : (
        <CodeEditor
          label={WIZARD_TEXT.values}
          value={text}
          language="yaml"
          readOnly={false}
          onChange={setValues}
          height="240px"
          {...(schema.data ? { schema: schema.data } : {})}
        />
      )}
      {schema.isError && (
        <Callout intent="none" icon="info-sign">
          {WIZARD_TEXT.schemaUnavailable}
        </Callout>
      )}
      <Tabs
        id="integration-output"
        selectedTabId={tab}
        onChange={(next) => setTab(next as OutputTab)}
      >
        <Tab
          id="flux"
          title={WIZARD_TEXT.flux}
          panel={
            <CopyableText
              block
              label={`${WIZARD_TEXT.flux} manifest`}
              text={flux}
              buttonText={WIZARD_TEXT.copy}
              copyLabel={`${WIZARD_TEXT.copy} ${`${WIZARD_TEXT.flux} manifest`}`}
            />
          }
        />
        <Tab
          id="helm"
          title={WIZARD_TEXT.helm}
          panel={
            <CopyableText
              block
              label={`${WIZARD_TEXT.helm} commands`}
              text={helm}
              buttonText={WIZARD_TEXT.copy}
              copyLabel={`${WIZARD_TEXT.copy} ${`${WIZARD_TEXT.helm} commands`}`}
            />
          }
        />
      </Tabs>
      <Callout intent="primary" icon="info-sign">
        {WIZARD_TEXT.fluxNote}
      </Callout>
    </div>
  );
}
