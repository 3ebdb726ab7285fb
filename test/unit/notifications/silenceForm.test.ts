import { loadYaml } from '../../../src/lib/yaml';
import type { Silence } from '../../../src/api/schemas/notificationSilences';
import type { SilenceFormValues } from '../../../src/features/notifications/silences/model/silenceForm';
import {
  MANY_TARGETS,
  NO_TARGET,
  SELECTORS_NOT_LIST,
  createSilenceBody,
  initialFormValues,
  isEditable,
  isExpired,
  parseSelectors,
  previewArgs,
  silenceTarget,
  targetError,
  updateSilenceBody,
  windowError,
} from '../../../src/features/notifications/silences/model/silenceForm';

const ID = '018f4b8e-7777-7000-8000-0000000000c1';
const NOW = new Date('2026-03-01T10:00:00.000Z');
const base: SilenceFormValues = { name: ' quiet ', resourceKind: 'config' };

// The rules read YAML with the reader loaded.
beforeAll(() => loadYaml());

describe('the silence target', () => {
  it('needs exactly one of a resource, a filter or selectors', () => {
    expect(targetError(base)).toBe(NO_TARGET);
    expect(targetError({ ...base, filter: '  ' })).toBe(NO_TARGET);
    expect(targetError({ ...base, resourceId: ID })).toBeUndefined();
    expect(targetError({ ...base, resourceId: ID, filter: 'x' })).toBe(MANY_TARGETS);
    expect(targetError({ ...base, filter: 'x', selectors: '- name: a' })).toBe(MANY_TARGETS);
  });

  it('gives the preview arguments of each kind', () => {
    const resource = silenceTarget({ ...base, resourceKind: 'check', resourceId: ID });
    expect(resource && previewArgs(resource)).toEqual({ id: ID, type: 'check' });
    const recursive = silenceTarget({
      ...base,
      resourceKind: 'component',
      resourceId: ID,
      recursive: true,
    });
    expect(recursive && previewArgs(recursive)).toEqual({
      id: ID,
      type: 'component',
      recursive: true,
    });
    const filter = silenceTarget({ ...base, filter: ' a == b ' });
    expect(filter && previewArgs(filter)).toEqual({ filter: 'a == b' });
    const selectors = silenceTarget({ ...base, selectors: '- name: web-*' });
    expect(selectors && previewArgs(selectors)).toEqual({ selectors: [{ name: 'web-*' }] });
    expect(silenceTarget({ ...base, selectors: 'name: web' })).toBeUndefined();
  });
});

describe('parseSelectors', () => {
  it('keeps the parser message of bad YAML', () => {
    const result = parseSelectors('- name: [web');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/^Invalid YAML: /);
  });

  it('wants a list of mappings', () => {
    expect(parseSelectors('name: web')).toEqual({ ok: false, error: SELECTORS_NOT_LIST });
    expect(parseSelectors('- web')).toEqual({
      ok: false,
      error: 'Selector 1 must be a mapping, e.g. "name: web-*"',
    });
    expect(parseSelectors('')).toEqual({ ok: true, selectors: undefined });
    expect(parseSelectors('- name: a\n- types: [b]')).toEqual({
      ok: true,
      selectors: [{ name: 'a' }, { types: ['b'] }],
    });
  });
});

describe('createSilenceBody', () => {
  it('resolves the window at now; Indefinitely leaves until null', () => {
    const body = createSilenceBody(
      {
        ...base,
        description: 'why',
        window: { type: 'relative', range: 'indefinitely' },
        selectors: '- name: web-*',
      },
      NOW,
    );
    expect(body).toEqual({
      name: 'quiet',
      description: 'why',
      from: NOW.toISOString(),
      until: null,
      selectors: [{ name: 'web-*' }],
    });
  });

  it('sends the resource under its own id key, with recursive', () => {
    const body = createSilenceBody(
      {
        ...base,
        resourceKind: 'component',
        resourceId: ID,
        recursive: true,
        window: { type: 'relative', range: 'now+2h' },
      },
      NOW,
    );
    expect(body).toEqual({
      name: 'quiet',
      from: NOW.toISOString(),
      until: '2026-03-01T12:00:00.000Z',
      component_id: ID,
      recursive: true,
    });
  });

  it('refuses values without a single target', () => {
    expect(() => createSilenceBody(base, NOW)).toThrow(NO_TARGET);
  });
});

describe('windowError', () => {
  it('accepts future ranges and refuses ranges that have ended', () => {
    expect(windowError({ type: 'relative', range: 'now+5m' }, NOW)).toBeUndefined();
    expect(windowError({ type: 'relative', range: 'indefinitely' }, NOW)).toBeUndefined();
    expect(
      windowError(
        { type: 'absolute', from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' },
        NOW,
      ),
    ).toBe('The silence must end in the future');
    expect(windowError(undefined, NOW)).toBe('Choose how long the silence lasts');
  });
});

describe('initialFormValues', () => {
  it('prefills the resource and the filter from the address', () => {
    expect(initialFormValues(new URLSearchParams({ check_id: ID }))).toMatchObject({
      resourceKind: 'check',
      resourceId: ID,
    });
    expect(initialFormValues(new URLSearchParams({ filter: 'a == b' }))).toMatchObject({
      resourceKind: 'config',
      filter: 'a == b',
    });
  });
});

describe('stored silences', () => {
  const silence: Silence = {
    id: ID,
    name: 'old',
    namespace: null,
    source: 'UI',
    config_id: ID,
    from: '2026-02-01T00:00:00.000Z',
    until: null,
    recursive: true,
  };

  it('expire once until has passed; indefinite ones never', () => {
    expect(isExpired({ until: null }, NOW)).toBe(false);
    expect(isExpired({ until: '2026-02-28T00:00:00Z' }, NOW)).toBe(true);
    expect(isExpired({ until: '2026-03-02T00:00:00Z' }, NOW)).toBe(false);
  });

  it('are editable only when made in the console', () => {
    expect(isEditable({ source: 'UI' })).toBe(true);
    expect(isEditable({ source: 'KubernetesCRD' })).toBe(false);
  });

  it('update with every NOTIF-12 key, keeping the window unless a new one is chosen', () => {
    expect(
      updateSilenceBody(silence, { name: 'new', description: '', recursive: false }, NOW),
    ).toEqual({
      id: ID,
      name: 'new',
      filter: null,
      updated_at: 'now()',
      source: 'UI',
      canary_id: null,
      check_id: null,
      component_id: null,
      config_id: ID,
      from: '2026-02-01T00:00:00.000Z',
      until: null,
      description: null,
      recursive: false,
      namespace: '',
    });
    expect(
      updateSilenceBody(
        silence,
        { name: 'new', window: { type: 'relative', range: 'now+1h' } },
        NOW,
      ),
    ).toMatchObject({ from: NOW.toISOString(), until: '2026-03-01T11:00:00.000Z' });
  });
});
