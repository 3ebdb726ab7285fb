import { useId } from 'react';
import {
  useCreatePropertyMutation,
  useUpdatePropertyMutation,
} from '../../../api/endpoints/properties';
import { FEATURES, disablePropertyName } from '../../../auth/featureFlags';
import { FormDialog } from '../../../ui/form/FormDialog';
import { TextField } from '../../../ui/form/TextField';
import type { FeatureFlagValues } from './model/featureFlagForm';
import { normalizeFeatureFlag, validateFeatureFlag } from './model/featureFlagForm';

const SUGGESTED_NAMES = FEATURES.map(disablePropertyName);

export interface FeatureFlagDialogProps {
  /** The property being edited; none to add one. */
  property?: FeatureFlagValues;
  onClose: () => void;
}

/** Add or edit one property of the properties table (PROP-04, PROP-05). */
export function FeatureFlagDialog({ property, onClose }: FeatureFlagDialogProps) {
  const listId = useId();
  const [createProperty] = useCreatePropertyMutation();
  const [updateProperty] = useUpdatePropertyMutation();
  return (
    <FormDialog<FeatureFlagValues>
      title={property ? 'Edit Feature Flag' : 'Add Feature Flag'}
      icon="flag"
      mode={property ? 'edit' : 'create'}
      initialValues={property ?? { name: '', value: '' }}
      validate={validateFeatureFlag}
      onClose={onClose}
      onSubmit={async (values) => {
        const body = normalizeFeatureFlag(values);
        if (property) await updateProperty({ name: property.name, changes: body }).unwrap();
        else await createProperty(body).unwrap();
      }}
    >
      <TextField
        name="name"
        label="Name"
        required
        list={listId}
        autoFocus
        helperText="A feature is switched off by {feature}.disable = true."
      />
      <datalist id={listId}>
        {SUGGESTED_NAMES.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <TextField name="value" label="Value" required />
    </FormDialog>
  );
}
