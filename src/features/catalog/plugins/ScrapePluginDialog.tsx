import { Button, Callout, DialogBody, DialogFooter, Spinner } from '@blueprintjs/core';
import { useMemo } from 'react';
import { toErrorMessage } from '../../../api/errors';
import { useGetJsonSchemaQuery } from '../../../api/endpoints/jsonSchemas';
import {
  SCRAPE_PLUGIN_SCHEMA,
  useCreateScrapePluginMutation,
  useDeleteScrapePluginMutation,
  useGetScrapePluginQuery,
  useUpdateScrapePluginMutation,
} from '../../../api/endpoints/scrapePlugins';
import { AppDialog } from '../../../ui/AppDialog';
import { LoadErrorCallout } from '../../../ui/LoadErrorCallout';
import { SpecRecordForm } from '../../../ui/form/SpecRecordForm';
import type { SpecRecordValues } from '../../../ui/form/specRecord';
import { pluginFormValues, pluginValues } from './model/pluginForm';

export const SCRAPE_PLUGIN_DIALOG_TEXT = {
  add: 'Add Scrape Plugin',
  edit: 'Edit Scrape Plugin',
  form: 'Scrape plugin',
  notFound: 'The scrape plugin no longer exists.',
  loadFailed: 'The scrape plugin could not be loaded',
  close: 'Close',
  specChecked: 'Changes, retention, relationships, properties, locations and aliases',
  specUnchecked: 'The spec’s schema could not be loaded: only its YAML is checked',
} as const;

const FIELDS = { namespace: true } as const;
const CLASS_NAMES = {
  form: 'mc-scrape-plugin-form',
  footer: 'mc-scrape-plugin-form-footer mc-row',
  spacer: 'mc-scrape-plugin-form-spacer',
};

export interface ScrapePluginDialogProps {
  /** The plugin edited (`?id=`); absent to add one. */
  id?: string;
  /** Whether the user may write the catalog; else the form is read-only. */
  canWrite: boolean;
  /** Closes the dialog: Cancel, and after a save or delete. */
  onClose: () => void;
}

/**
 * Adds or edits a scrape plugin: name, namespace and its spec in YAML, checked against the
 * plugin spec's schema. A failed save keeps what was typed and shows the server's reason. A
 * plugin that came from Kubernetes is shown read-only.
 */
export function ScrapePluginDialog({ id, canWrite, onClose }: ScrapePluginDialogProps) {
  const stored = useGetScrapePluginQuery(id ?? '', { skip: id === undefined });
  const schema = useGetJsonSchemaQuery(SCRAPE_PLUGIN_SCHEMA);
  const [createPlugin] = useCreateScrapePluginMutation();
  const [updatePlugin] = useUpdateScrapePluginMutation();
  const [deletePlugin] = useDeleteScrapePluginMutation();
  const plugin = stored.data ?? undefined;
  const initialValues = useMemo(() => pluginFormValues(plugin), [plugin]);
  const managed = plugin !== undefined && (plugin.source ?? 'UI') !== 'UI';
  const readOnly = !canWrite || managed;

  const save = async (values: SpecRecordValues) => {
    const written = pluginValues(values);
    if (id === undefined) await createPlugin(written).unwrap();
    else await updatePlugin({ id, values: written }).unwrap();
    onClose();
  };
  const remove = async () => {
    if (id === undefined) return;
    await deletePlugin(id).unwrap();
    onClose();
  };

  const title = id === undefined ? SCRAPE_PLUGIN_DIALOG_TEXT.add : SCRAPE_PLUGIN_DIALOG_TEXT.edit;
  const body = (() => {
    if (id === undefined) return null;
    if (stored.isLoading) return <Spinner aria-label="Loading" />;
    if (stored.error) {
      return (
        <LoadErrorCallout
          title={SCRAPE_PLUGIN_DIALOG_TEXT.loadFailed}
          message={toErrorMessage(stored.error)}
          onRetry={() => void stored.refetch()}
          retrying={stored.isFetching}
        />
      );
    }
    if (!plugin) {
      return (
        <Callout intent="danger" role="alert">
          {SCRAPE_PLUGIN_DIALOG_TEXT.notFound}
        </Callout>
      );
    }
    return null;
  })();

  return (
    <AppDialog isOpen onClose={onClose} title={title} icon="filter-list" size="large">
      {body ? (
        <>
          <DialogBody>{body}</DialogBody>
          <DialogFooter
            actions={<Button text={SCRAPE_PLUGIN_DIALOG_TEXT.close} onClick={onClose} />}
          />
        </>
      ) : (
        <DialogBody>
          <SpecRecordForm<SpecRecordValues>
            label={SCRAPE_PLUGIN_DIALOG_TEXT.form}
            initialValues={initialValues}
            editing={id !== undefined}
            fields={FIELDS}
            schema={schema}
            specHelp={{
              checked: SCRAPE_PLUGIN_DIALOG_TEXT.specChecked,
              unchecked: SCRAPE_PLUGIN_DIALOG_TEXT.specUnchecked,
            }}
            readOnly={readOnly}
            banner={managed}
            onSave={save}
            onDelete={id !== undefined && !readOnly ? remove : undefined}
            onCancel={onClose}
            closeText={SCRAPE_PLUGIN_DIALOG_TEXT.close}
            classNames={CLASS_NAMES}
          />
        </DialogBody>
      )}
    </AppDialog>
  );
}
