import {
  SPEC_NOT_A_MAP,
  isSpecMap,
  labelPairs,
  specShapeError,
  specToYaml,
  yamlToSpec,
} from '../../../src/ui/form/specRecord';
import { expectAnswers } from '../../support/answers';

describe('spec records', () => {
  it('reads YAML specs: empty or comments is {}, a list is refused, bad YAML throws', () => {
    expectAnswers(yamlToSpec, [
      ['', {}],
      [undefined, {}],
      ['# nothing\n', {}],
      ['type: App\nicon: cart\n', { type: 'App', icon: 'cart' }],
    ]);
    expect(() => yamlToSpec('- a\n')).toThrow(SPEC_NOT_A_MAP);
    expect(() => yamlToSpec('a: [unclosed')).toThrow();
  });

  it('says why a spec is not a map, leaving syntax errors to the code field', () => {
    expect(specShapeError('- a\n')).toBe(SPEC_NOT_A_MAP);
    expect(specShapeError('just text')).toBe(SPEC_NOT_A_MAP);
    expect(specShapeError('a: 1')).toBeUndefined();
    expect(specShapeError('a: [unclosed')).toBeUndefined();
    expect(specShapeError('')).toBeUndefined();
  });

  it('shows a spec as YAML, nothing for no spec or an empty one', () => {
    expect(specToYaml({})).toBe('');
    expect(specToYaml(null)).toBe('');
    expect(specToYaml({ type: 'App' })).toBe('type: App\n');
    expect(isSpecMap([])).toBe(false);
    expect(isSpecMap({})).toBe(true);
  });

  it('turns stored labels into sorted pairs of text', () => {
    expect(labelPairs({ team: 'core', env: 1 })).toEqual([
      { key: 'env', value: '1' },
      { key: 'team', value: 'core' },
    ]);
    expect(labelPairs(null)).toEqual([]);
  });
});
