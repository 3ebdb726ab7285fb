import { SAVE_UPDATE } from '../../ui/form/specRecord';
import type { FormShape, SpecRecordFormProps } from './SpecRecordForm';
import { SpecRecordForm } from './SpecRecordForm';
import { DEFAULT_TOPOLOGY_NAMESPACE } from './model/specForm';

/** The MISC-06 schema a topology's spec is checked against. */
export const TOPOLOGY_SCHEMA_FILE = 'topology.schema.json';

/** The form's accessible name. */
export const TOPOLOGY_FORM_LABEL = 'Topology';

export type TopologyFormProps = SpecRecordFormProps;

const SHAPE = {
  label: TOPOLOGY_FORM_LABEL,
  namespace: DEFAULT_TOPOLOGY_NAMESPACE,
  schemaFile: TOPOLOGY_SCHEMA_FILE,
  submit: SAVE_UPDATE,
  disableInvalid: true,
  hideFooter: false,
} satisfies FormShape;

/**
 * A custom topology (spec 002 §2.3, §5.2): Name, Namespace (default `default`), Labels and the
 * Spec in YAML checked against the topology schema. Save (Saving) or Update (Updating), disabled
 * while the form is invalid; Cancel; Delete when editing.
 */
export function TopologyForm(props: TopologyFormProps) {
  return <SpecRecordForm {...props} shape={SHAPE} />;
}
