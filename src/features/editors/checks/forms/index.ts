import type { EditorType } from '../../types';
import { AlertManagerCheckForm, alertManagerDefaults } from './AlertManagerCheckForm';
import {
  ElasticsearchCheckForm,
  elasticsearchDefaults,
  MongoCheckForm,
  mongoDefaults,
  RedisCheckForm,
  redisDefaults,
} from './DataStoreCheckForms';
import { ExecCheckForm, execDefaults } from './ExecCheckForm';
import { FolderCheckForm, folderDefaults } from './FolderCheckForm';
import { HttpCheckForm, httpDefaults } from './HttpCheckForm';
import { IcmpCheckForm, icmpDefaults, TcpCheckForm, tcpDefaults } from './NetworkCheckForms';

/**
 * The health-check types edited with a form, by canary-checker's spec key: the form of the
 * type's entry (rendered inside the editor's form, which must have final-form-arrays'
 * mutators) and a new entry's defaults.
 */
export const CHECK_FORMS: Readonly<Record<string, Pick<EditorType, 'Form' | 'defaults'>>> = {
  http: { Form: HttpCheckForm, defaults: httpDefaults },
  tcp: { Form: TcpCheckForm, defaults: tcpDefaults },
  icmp: { Form: IcmpCheckForm, defaults: icmpDefaults },
  exec: { Form: ExecCheckForm, defaults: execDefaults },
  redis: { Form: RedisCheckForm, defaults: redisDefaults },
  elasticsearch: { Form: ElasticsearchCheckForm, defaults: elasticsearchDefaults },
  alertmanager: { Form: AlertManagerCheckForm, defaults: alertManagerDefaults },
  mongodb: { Form: MongoCheckForm, defaults: mongoDefaults },
  folder: { Form: FolderCheckForm, defaults: folderDefaults },
};
