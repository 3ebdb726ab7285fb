import { object, refine, string, validate } from 'superstruct';
import { REQUIRED } from '../../../../ui/form/fieldError';

export const NAME_HAS_SPACES = 'The name cannot contain spaces';

export interface FeatureFlagValues {
  name: string;
  value: string;
}

const nonBlank = (struct: ReturnType<typeof string>) =>
  refine(struct, 'nonBlank', (value) => value.trim() !== '' || REQUIRED);

/** A property as the dialog writes it: a name without spaces and a value. */
export const FeatureFlagStruct = object({
  name: refine(
    nonBlank(string()),
    'noSpaces',
    (value) => !/\s/.test(value.trim()) || NAME_HAS_SPACES,
  ),
  value: nonBlank(string()),
});

export type FeatureFlagErrors = Partial<Record<keyof FeatureFlagValues, string>>;

/** Field errors of the form, or an empty object when it can be saved. */
export function validateFeatureFlag(values: Partial<FeatureFlagValues>): FeatureFlagErrors {
  const [error] = validate(
    { name: values.name ?? '', value: values.value ?? '' },
    FeatureFlagStruct,
  );
  if (!error) return {};
  const errors: FeatureFlagErrors = {};
  for (const failure of error.failures()) {
    const key = failure.key as keyof FeatureFlagValues;
    if (errors[key] === undefined) {
      errors[key] = failure.refinement === undefined ? REQUIRED : failure.message;
    }
  }
  return errors;
}

/** Trimmed values, as they are sent. */
export function normalizeFeatureFlag(values: FeatureFlagValues): FeatureFlagValues {
  return { name: values.name.trim(), value: values.value.trim() };
}
