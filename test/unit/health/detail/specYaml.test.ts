import { load } from 'js-yaml';
import { specAsYaml } from '../../../../src/features/health/detail/specYaml';

const spec = {
  schedule: '@every 5m',
  http: [{ name: 'api', url: 'https://api.example.com/health', responseCodes: [200, 201] }],
};

describe('specAsYaml', () => {
  it('writes an object as YAML', () => {
    const yaml = specAsYaml(spec);
    expect(yaml).toContain("schedule: '@every 5m'");
    expect(yaml).toContain('url: https://api.example.com/health');
    expect(yaml).not.toContain('{');
    expect(load(yaml)).toEqual(spec);
  });

  it('writes JSON text as YAML', () => {
    const yaml = specAsYaml(JSON.stringify(spec));
    expect(yaml).toContain("schedule: '@every 5m'");
    expect(load(yaml)).toEqual(spec);
  });

  it('keeps text that is not JSON, such as YAML already', () => {
    expect(specAsYaml('schedule: "@every 5m"\n')).toBe('schedule: "@every 5m"\n');
    expect(specAsYaml('"just a string"')).toBe('"just a string"');
  });

  it.each([null, undefined, '', '   '])('gives nothing for %p', (value) => {
    expect(specAsYaml(value)).toBe('');
  });
});
