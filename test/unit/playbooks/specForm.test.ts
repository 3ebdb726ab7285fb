import type { Playbook } from '../../../src/api/schemas/playbooks';
import {
  SPEC_DIALOG_STATE,
  playbookEditHref,
} from '../../../src/features/playbooks/spec/model/dialogParams';
import {
  SPEC_TEMPLATE,
  isReadOnlySource,
  readOnlyNote,
  toCreateBody,
  toSpecFormValues,
  toUpdateBody,
} from '../../../src/features/playbooks/spec/model/specForm';

const stored: Playbook = {
  id: 'pb-1',
  name: 'restart',
  namespace: 'mission-control',
  title: 'Restart',
  description: '',
  icon: null,
  category: '',
  source: 'KubernetesCRD',
  spec: {
    title: 'Restart',
    icon: 'refresh',
    category: 'Kubernetes',
    description: 'Rolls the pods',
    actions: [{ name: 'restart', exec: { script: 'kubectl rollout restart' } }],
  },
};

describe('spec form values', () => {
  it('start a new playbook in the default namespace with a template', () => {
    expect(toSpecFormValues()).toEqual({ namespace: 'default', spec: SPEC_TEMPLATE });
  });

  it('fill the fields from the columns, else the spec, and keep them out of the YAML', () => {
    const values = toSpecFormValues(stored);
    expect(values).toMatchObject({
      title: 'Restart',
      namespace: 'mission-control',
      icon: 'refresh',
      category: 'Kubernetes',
      description: 'Rolls the pods',
    });
    expect(values.spec).toBe(
      'actions:\n  - name: restart\n    exec:\n      script: kubectl rollout restart\n',
    );
  });

  it('write the fields back into the spec of PB-04 and PB-05', () => {
    const values = {
      title: ' Hello ',
      namespace: '',
      category: 'Demo',
      icon: '',
      description: 'Says hello',
      spec: 'category: Old\nicon: trash\nactions:\n  - name: a\n    exec:\n      script: echo\n',
    };
    const spec = {
      category: 'Demo',
      actions: [{ name: 'a', exec: { script: 'echo' } }],
      title: 'Hello',
      description: 'Says hello',
    };
    expect(toCreateBody(values)).toEqual({
      title: 'Hello',
      namespace: 'default',
      category: 'Demo',
      description: 'Says hello',
      source: 'UI',
      spec,
    });
    expect(toUpdateBody('pb-2', values)).toEqual({
      id: 'pb-2',
      title: 'Hello',
      source: 'UI',
      spec,
      description: 'Says hello',
      icon: '',
    });
  });

  it('refuse a spec that is not a mapping', () => {
    expect(() => toCreateBody({ title: 'x', spec: '- a\n- b\n' })).toThrow(/mapping/);
  });

  it('are read-only for any source but UI', () => {
    expect(isReadOnlySource('UI')).toBe(false);
    expect(isReadOnlySource('KubernetesCRD')).toBe(true);
    expect(isReadOnlySource('ConfigFile')).toBe(true);
    expect(readOnlyNote('KubernetesCRD')).toBe('Managed by KubernetesCRD: read-only');
  });
});

describe('spec dialog in the address', () => {
  const specDialogOf = (params: URLSearchParams) => SPEC_DIALOG_STATE.read(params);

  it('reads ?new=1 and ?edit={id}', () => {
    expect(specDialogOf(new URLSearchParams('new=1'))).toEqual({ id: undefined, new: '1' });
    expect(specDialogOf(new URLSearchParams('edit=pb-1&new=2'))).toEqual({
      id: 'pb-1',
      new: undefined,
    });
    expect(specDialogOf(new URLSearchParams('search=x'))).toEqual({
      id: undefined,
      new: undefined,
    });
  });

  it('keeps the other parameters when it opens and closes', () => {
    const open = SPEC_DIALOG_STATE.write(new URLSearchParams('search=rest'), { id: 'a' });
    expect(open.toString()).toBe('search=rest&edit=a');
    const closed = SPEC_DIALOG_STATE.write(open, { id: undefined, new: undefined });
    expect(closed.toString()).toBe('search=rest');
    expect(playbookEditHref('pb 1')).toBe('/playbooks?edit=pb+1');
  });
});
