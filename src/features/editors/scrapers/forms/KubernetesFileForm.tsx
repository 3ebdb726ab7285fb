import { TagsField } from '../../../../ui/form/TagsField';
import { TextField } from '../../../../ui/form/TextField';
import type { TypeFormProps } from '../../types';
import { ScraperTagsField } from './common';
import { ObjectListField } from '../../../../ui/form/ObjectListField';

/** A new Kubernetes File scrape config. */
export function kubernetesFileDefaults(): Record<string, unknown> {
  return { selector: {}, files: [] };
}

/**
 * The Kubernetes File scraper (config-db `kubernetesFile`): files read inside the pods the
 * selector picks.
 */
export function KubernetesFileForm({ prefix, disabled }: TypeFormProps) {
  return (
    <>
      <TextField
        name={`${prefix}.type`}
        label="Type"
        placeholder="Pod::File"
        required
        disabled={disabled}
      />
      <TextField name={`${prefix}.id`} label="ID" placeholder="$.id" required disabled={disabled} />
      <TextField
        name={`${prefix}.selector.kind`}
        label="Selector Kind"
        placeholder="Deployment"
        disabled={disabled}
      />
      <TextField name={`${prefix}.selector.name`} label="Selector Name" disabled={disabled} />
      <TextField
        name={`${prefix}.selector.namespace`}
        label="Selector Namespace"
        disabled={disabled}
      />
      <TextField
        name={`${prefix}.selector.fieldSelector`}
        label="Selector Field Selector"
        placeholder="status.phase=Running"
        disabled={disabled}
      />
      <TextField
        name={`${prefix}.selector.labelSelector`}
        label="Selector Label Selector"
        placeholder="app=web"
        disabled={disabled}
      />
      <TextField name={`${prefix}.container`} label="Container" disabled={disabled} />
      <TextField name={`${prefix}.format`} label="Format" placeholder="json" disabled={disabled} />
      <ObjectListField
        name={`${prefix}.files`}
        label="Files"
        itemLabel="File"
        newItem={() => ({ path: [] })}
        disabled={disabled}
      >
        {(entry) => (
          <>
            <TextField
              name={`${entry}.format`}
              label="Format"
              placeholder="properties"
              disabled={disabled}
            />
            <TagsField
              name={`${entry}.path`}
              label="Path"
              placeholder="/app/config.properties"
              disabled={disabled}
            />
          </>
        )}
      </ObjectListField>
      <ScraperTagsField prefix={prefix} disabled={disabled} />
    </>
  );
}
