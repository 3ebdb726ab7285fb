import type { ComponentType } from 'react';
import { loadOnce } from '../../lib/loadOnce';
import { lazyPart } from '../../ui/LazyPart';
import type { EditorType, TypeFormProps } from './types';

/**
 * A type's form whose code loads on demand: `loadForm` loads it (the editor does before it
 * shows the type, so its fields mount with the editor's and nothing typed meanwhile is lost),
 * and `Form` draws it, at once once it has loaded.
 */
export function typeForm(
  load: () => Promise<ComponentType<TypeFormProps>>,
): Required<Pick<EditorType, 'Form' | 'loadForm'>> {
  const loadForm = loadOnce(load);
  const Lazy = lazyPart(loadForm);
  function TypeForm(props: TypeFormProps) {
    const Loaded = loadForm.now();
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return { Form: TypeForm, loadForm };
}
