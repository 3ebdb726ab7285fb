import { lazyPart } from '../../../../ui/LazyPart';
import type { EditorType, TypeFormProps } from '../../types';
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

/** A type's form, loaded when a check of that type is first shown. */
const form = lazyPart<TypeFormProps>;

/**
 * The health-check types edited with a form, by canary-checker's spec key: the form of the
 * type's entry (rendered inside the editor's form, which must have final-form-arrays'
 * mutators) and a new entry's defaults. Each form loads with its type: a check shown as code
 * loads none.
 */
export const CHECK_FORMS: Readonly<Record<string, Pick<EditorType, 'Form' | 'defaults'>>> = {
  http: {
    Form: form(async () => (await import('./HttpCheckForm')).HttpCheckForm),
    defaults: httpDefaults,
  },
  tcp: {
    Form: form(async () => (await import('./NetworkCheckForms')).TcpCheckForm),
    defaults: tcpDefaults,
  },
  icmp: {
    Form: form(async () => (await import('./NetworkCheckForms')).IcmpCheckForm),
    defaults: icmpDefaults,
  },
  exec: {
    Form: form(async () => (await import('./ExecCheckForm')).ExecCheckForm),
    defaults: execDefaults,
  },
  redis: {
    Form: form(async () => (await import('./DataStoreCheckForms')).RedisCheckForm),
    defaults: redisDefaults,
  },
  elasticsearch: {
    Form: form(async () => (await import('./DataStoreCheckForms')).ElasticsearchCheckForm),
    defaults: elasticsearchDefaults,
  },
  alertmanager: {
    Form: form(async () => (await import('./AlertManagerCheckForm')).AlertManagerCheckForm),
    defaults: alertManagerDefaults,
  },
  mongodb: {
    Form: form(async () => (await import('./DataStoreCheckForms')).MongoCheckForm),
    defaults: mongoDefaults,
  },
  folder: {
    Form: form(async () => (await import('./FolderCheckForm')).FolderCheckForm),
    defaults: folderDefaults,
  },
};
