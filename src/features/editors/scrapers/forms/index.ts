import { typeForm } from '../../typeForm';
import type { EditorType } from '../../types';
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

export { RetentionFields } from './RetentionFields';
export type { RetentionFieldsProps } from './RetentionFields';

/**
 * The scraper types edited with a form (spec 002 §2.11, §3.7): their form and a new entry's
 * defaults, by config-db's ScrapeConfig spec key. A form's fields are named under its `prefix`
 * (`spec.kubernetes[0]`) and some are lists: the react-final-form `<Form>` around it must be
 * given `mutators: { ...arrayMutators }` (final-form-arrays). Each form loads with its type: a
 * scraper shown as code loads none.
 */
export const SCRAPER_FORMS: Readonly<
  Record<string, Pick<EditorType, 'Form' | 'loadForm' | 'defaults'>>
> = {
  kubernetes: {
    ...typeForm(async () => (await import('./KubernetesForm')).KubernetesForm),
    defaults: kubernetesDefaults,
  },
  sql: { ...typeForm(async () => (await import('./SqlForm')).SqlForm), defaults: sqlDefaults },
  file: { ...typeForm(async () => (await import('./FileForm')).FileForm), defaults: fileDefaults },
  http: { ...typeForm(async () => (await import('./HttpForm')).HttpForm), defaults: httpDefaults },
  kubernetesFile: {
    ...typeForm(async () => (await import('./KubernetesFileForm')).KubernetesFileForm),
    defaults: kubernetesFileDefaults,
  },
  githubActions: {
    ...typeForm(async () => (await import('./GithubActionsForm')).GithubActionsForm),
    defaults: githubActionsDefaults,
  },
  azureDevops: {
    ...typeForm(async () => (await import('./AzureDevopsForm')).AzureDevopsForm),
    defaults: azureDevopsDefaults,
  },
  azure: {
    ...typeForm(async () => (await import('./AzureForm')).AzureForm),
    defaults: azureDefaults,
  },
  aws: { ...typeForm(async () => (await import('./AwsForm')).AwsForm), defaults: awsDefaults },
  trivy: {
    ...typeForm(async () => (await import('./TrivyForm')).TrivyForm),
    defaults: trivyDefaults,
  },
};
