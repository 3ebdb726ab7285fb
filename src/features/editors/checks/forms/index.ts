import { typeForm } from '../../typeForm';
import type { EditorType } from '../../types';
import {
  alertManagerDefaults,
  elasticsearchDefaults,
  execDefaults,
  folderDefaults,
  httpDefaults,
  icmpDefaults,
  mongoDefaults,
  redisDefaults,
  tcpDefaults,
} from './defaults';

/**
 * The health-check types edited with a form, by canary-checker's spec key: the form of the
 * type's entry (rendered inside the editor's form, which must have final-form-arrays'
 * mutators) and a new entry's defaults. Each form loads with its type: a check shown as code
 * loads none.
 */
export const CHECK_FORMS: Readonly<
  Record<string, Pick<EditorType, 'Form' | 'loadForm' | 'defaults'>>
> = {
  http: {
    ...typeForm(async () => (await import('./HttpCheckForm')).HttpCheckForm),
    defaults: httpDefaults,
  },
  tcp: {
    ...typeForm(async () => (await import('./NetworkCheckForms')).TcpCheckForm),
    defaults: tcpDefaults,
  },
  icmp: {
    ...typeForm(async () => (await import('./NetworkCheckForms')).IcmpCheckForm),
    defaults: icmpDefaults,
  },
  exec: {
    ...typeForm(async () => (await import('./ExecCheckForm')).ExecCheckForm),
    defaults: execDefaults,
  },
  redis: {
    ...typeForm(async () => (await import('./DataStoreCheckForms')).RedisCheckForm),
    defaults: redisDefaults,
  },
  elasticsearch: {
    ...typeForm(async () => (await import('./DataStoreCheckForms')).ElasticsearchCheckForm),
    defaults: elasticsearchDefaults,
  },
  alertmanager: {
    ...typeForm(async () => (await import('./AlertManagerCheckForm')).AlertManagerCheckForm),
    defaults: alertManagerDefaults,
  },
  mongodb: {
    ...typeForm(async () => (await import('./DataStoreCheckForms')).MongoCheckForm),
    defaults: mongoDefaults,
  },
  folder: {
    ...typeForm(async () => (await import('./FolderCheckForm')).FolderCheckForm),
    defaults: folderDefaults,
  },
};
