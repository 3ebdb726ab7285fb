import { lazyPart } from '../../../../ui/LazyPart';
import type { EditorType, TypeFormProps } from '../../types';
import {
  awsDefaults,
  azureDefaults,
  azureDevopsDefaults,
  fileDefaults,
  githubActionsDefaults,
  httpDefaults,
  kubernetesDefaults,
  kubernetesFileDefaults,
  sqlDefaults,
  trivyDefaults,
} from './defaults';

/** A type's form, loaded when a scraper of that type is first shown. */
const form = lazyPart<TypeFormProps>;

export { RetentionFields } from './RetentionFields';
export type { RetentionFieldsProps } from './RetentionFields';

/**
 * The scraper types edited with a form (spec 002 §2.11, §3.7): their form and a new entry's
 * defaults, by config-db's ScrapeConfig spec key. A form's fields are named under its `prefix`
 * (`spec.kubernetes[0]`) and some are lists: the react-final-form `<Form>` around it must be
 * given `mutators: { ...arrayMutators }` (final-form-arrays). Each form loads with its type: a
 * scraper shown as code loads none.
 */
export const SCRAPER_FORMS: Readonly<Record<string, Pick<EditorType, 'Form' | 'defaults'>>> = {
  kubernetes: {
    Form: form(async () => (await import('./KubernetesForm')).KubernetesForm),
    defaults: kubernetesDefaults,
  },
  sql: { Form: form(async () => (await import('./SqlForm')).SqlForm), defaults: sqlDefaults },
  file: { Form: form(async () => (await import('./FileForm')).FileForm), defaults: fileDefaults },
  http: { Form: form(async () => (await import('./HttpForm')).HttpForm), defaults: httpDefaults },
  kubernetesFile: {
    Form: form(async () => (await import('./KubernetesFileForm')).KubernetesFileForm),
    defaults: kubernetesFileDefaults,
  },
  githubActions: {
    Form: form(async () => (await import('./GithubActionsForm')).GithubActionsForm),
    defaults: githubActionsDefaults,
  },
  azureDevops: {
    Form: form(async () => (await import('./AzureDevopsForm')).AzureDevopsForm),
    defaults: azureDevopsDefaults,
  },
  azure: {
    Form: form(async () => (await import('./AzureForm')).AzureForm),
    defaults: azureDefaults,
  },
  aws: { Form: form(async () => (await import('./AwsForm')).AwsForm), defaults: awsDefaults },
  trivy: {
    Form: form(async () => (await import('./TrivyForm')).TrivyForm),
    defaults: trivyDefaults,
  },
};
