import { Button, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { Field } from 'react-final-form';
import { Link } from 'react-router-dom';
import {
  useGetConfigItemComponentsQuery,
  useGetConfigItemManualComponentsQuery,
  useLinkConfigItemComponentMutation,
  useUnlinkConfigItemComponentMutation,
} from '../../../../api/endpoints/configItem';
import type { LinkedComponent } from '../../../../api/schemas/configItem';
import { useCan } from '../../../../auth/hooks';
import { paths } from '../../../../shell/paths';
import { ConfirmDialog } from '../../../../ui/ConfirmDialog';
import { FormDialog } from '../../../../ui/form/FormDialog';
import { requiredRule, shownError } from '../../../../ui/form/fieldError';
import { KindPicker } from '../../../../widgets/pickers';

export const LINK_COMPONENT = 'Link component';
export const UNLINK_COMPONENT = 'Unlink component';
export const COMPONENT_REQUIRED = 'Choose a component';

const componentName = (component: LinkedComponent) => component.name || component.id;

interface LinkValues {
  componentId?: string;
}

/** Link component: a component found by name, linked by hand (CAT-34). */
function LinkComponentDialog({ configId, onClose }: { configId: string; onClose: () => void }) {
  const [link] = useLinkConfigItemComponentMutation();
  return (
    <FormDialog<LinkValues>
      title={LINK_COMPONENT}
      icon="link"
      submitText="Link"
      busyText="Linking"
      disableSubmitWhenInvalid={false}
      onClose={onClose}
      onSubmit={async ({ componentId }) => {
        // The dialog stays open with the chosen component and the server's reason on failure.
        await link({ configId, componentId: componentId! }).unwrap();
      }}
    >
      <Field<string> name="componentId" validate={requiredRule(COMPONENT_REQUIRED)}>
        {({ input, meta }) => (
          <KindPicker
            kind="components"
            required
            value={input.value || undefined}
            error={shownError(meta)}
            disabled={meta.submitting}
            onChange={(option) => input.onChange(option?.value)}
          />
        )}
      </Field>
    </FormDialog>
  );
}

/**
 * The topology components the item is linked to (CAT-33), each a link to the component. Users
 * who may write the database link one by hand (CAT-34) and unlink those linked by hand (CAT-35).
 */
export function LinkedComponents({ configId }: { configId: string }) {
  const canWrite = useCan('database', 'write');
  const { data: components = [], isLoading } = useGetConfigItemComponentsQuery(configId);
  const { data: manual = [] } = useGetConfigItemManualComponentsQuery(configId, {
    skip: !canWrite,
  });
  const [unlink] = useUnlinkConfigItemComponentMutation();
  const [linking, setLinking] = useState(false);
  const [unlinking, setUnlinking] = useState<LinkedComponent | undefined>();

  // A failure is told by the endpoint's outcome; the dialog then stays open.
  const confirmUnlink = async () => {
    if (unlinking) await unlink({ configId, componentId: unlinking.id }).unwrap();
  };

  return (
    <section className="mc-rel-components" aria-label="Linked components">
      <h3 className="mc-rel-components-title">Linked components</h3>
      {isLoading && <Spinner size={16} aria-label="Loading linked components" />}
      {!isLoading && components.length === 0 && (
        <span className="mc-rel-components-none">None</span>
      )}
      {components.length > 0 && (
        <ul className="mc-rel-components-list">
          {components.map((component) => (
            <li key={component.id} className="mc-rel-component">
              <Link to={paths.topologyComponent.getHref(component.id)}>
                {componentName(component)}
              </Link>
              {canWrite && manual.includes(component.id) && (
                <Button
                  size="small"
                  variant="minimal"
                  icon="cross"
                  aria-label={`Unlink ${componentName(component)}`}
                  title="Unlink"
                  onClick={() => setUnlinking(component)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <Button size="small" icon="link" text={LINK_COMPONENT} onClick={() => setLinking(true)} />
      )}
      {linking && <LinkComponentDialog configId={configId} onClose={() => setLinking(false)} />}
      <ConfirmDialog
        isOpen={unlinking !== undefined}
        title={UNLINK_COMPONENT}
        confirmText="Unlink"
        icon="disable"
        onConfirm={confirmUnlink}
        onClose={() => setUnlinking(undefined)}
      >
        Unlink {unlinking ? componentName(unlinking) : ''} from this config?
      </ConfirmDialog>
    </section>
  );
}
