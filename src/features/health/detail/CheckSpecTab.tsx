import { Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useGetCanarySpecQuery } from '../../../api/endpoints/checks';
import { toErrorMessage } from '../../../api/errors';
import { CodeEditor } from '../../../ui/CodeEditor/CodeEditor';
import { specAsYaml } from './specYaml';

/** The Spec tab: the spec of the check's canary (HEALTH-09), as YAML, read-only. */
export function CheckSpecTab({ canaryId }: { canaryId: string }) {
  const { data, error, isLoading } = useGetCanarySpecQuery(canaryId);
  const yaml = useMemo(() => specAsYaml(data?.spec), [data]);
  if (isLoading) return <Spinner size={24} aria-label="Loading spec" />;
  if (error) {
    return (
      <Callout intent="danger" title="The spec could not be loaded">
        {toErrorMessage(error)}
      </Callout>
    );
  }
  if (yaml === '') return <NonIdealState icon="code" title="No spec" />;
  return <CodeEditor label="Canary spec" value={yaml} language="yaml" height="50vh" />;
}
