import type { EditorType } from '../../types';
import { AwsForm, awsDefaults } from './AwsForm';
import { AzureDevopsForm, azureDevopsDefaults } from './AzureDevopsForm';
import { AzureForm, azureDefaults } from './AzureForm';
import { FileForm, fileDefaults } from './FileForm';
import { GithubActionsForm, githubActionsDefaults } from './GithubActionsForm';
import { HttpForm, httpDefaults } from './HttpForm';
import { KubernetesFileForm, kubernetesFileDefaults } from './KubernetesFileForm';
import { KubernetesForm, kubernetesDefaults } from './KubernetesForm';
import { SqlForm, sqlDefaults } from './SqlForm';
import { TrivyForm, trivyDefaults } from './TrivyForm';

export { RetentionFields } from './RetentionFields';
export type { RetentionFieldsProps } from './RetentionFields';

/**
 * The scraper types edited with a form (spec 002 §2.11, §3.7): their form and a new entry's
 * defaults, by config-db's ScrapeConfig spec key. A form's fields are named under its `prefix`
 * (`spec.kubernetes[0]`) and some are lists: the react-final-form `<Form>` around it must be
 * given `mutators: { ...arrayMutators }` (final-form-arrays).
 */
export const SCRAPER_FORMS: Readonly<Record<string, Pick<EditorType, 'Form' | 'defaults'>>> = {
  kubernetes: { Form: KubernetesForm, defaults: kubernetesDefaults },
  sql: { Form: SqlForm, defaults: sqlDefaults },
  file: { Form: FileForm, defaults: fileDefaults },
  http: { Form: HttpForm, defaults: httpDefaults },
  kubernetesFile: { Form: KubernetesFileForm, defaults: kubernetesFileDefaults },
  githubActions: { Form: GithubActionsForm, defaults: githubActionsDefaults },
  azureDevops: { Form: AzureDevopsForm, defaults: azureDevopsDefaults },
  azure: { Form: AzureForm, defaults: azureDefaults },
  aws: { Form: AwsForm, defaults: awsDefaults },
  trivy: { Form: TrivyForm, defaults: trivyDefaults },
};
