import type { ComponentProperty } from '../../../src/api/schemas/topology';
import {
  formatWithUnit,
  headlineProperties,
  propertyView,
  visibleProperties,
} from '../../../src/features/topology/model/properties';

const NOW = new Date('2026-11-26T12:00:00Z');
const view = (property: ComponentProperty) => propertyView(property, NOW);

describe('topology properties', () => {
  it('formats values with their units', () => {
    expect(formatWithUnit(1536 * 1024 ** 2, 'bytes')).toBe('1.5 GB');
    expect(formatWithUnit(850, 'millicores')).toBe('850m');
    expect(formatWithUnit(2500, 'millicores')).toBe('2.5 cores');
    expect(formatWithUnit(99.456, 'percent')).toBe('99.46%');
    expect(formatWithUnit(120, 'ms')).toBe('120 ms');
    expect(formatWithUnit(12000, '')).toBe('12,000');
    expect(formatWithUnit(3, 'pods')).toBe('3 pods');
  });

  it('renders a url property as a link to its url, its first link or its text', () => {
    expect(view({ name: 'docs', type: 'url', url: 'https://docs.example.com' })).toEqual({
      kind: 'link',
      label: 'docs',
      text: 'https://docs.example.com',
      href: 'https://docs.example.com',
    });
    expect(
      view({
        name: 'runbook',
        type: 'url',
        text: 'Runbook',
        links: [{ label: 'Runbook', url: 'https://wiki/runbook' }],
      }),
    ).toMatchObject({ kind: 'link', text: 'Runbook', href: 'https://wiki/runbook' });
    expect(view({ name: 'home', type: 'url', text: 'https://home.example.com' })).toMatchObject({
      kind: 'link',
      href: 'https://home.example.com',
    });
    // Not an address: plain text, never a javascript: link.
    expect(view({ name: 'x', type: 'url', text: 'javascript:alert(1)' })).toEqual({
      kind: 'text',
      label: 'x',
      text: 'javascript:alert(1)',
    });
  });

  it('renders badges, currency and ages', () => {
    expect(
      view({ name: 'tier', label: 'Tier', type: 'badge', text: 'gold', color: '#c87619' }),
    ).toEqual({
      kind: 'badge',
      label: 'Tier',
      text: 'gold',
      color: '#c87619',
    });
    expect(view({ name: 'cost', type: 'currency', value: 1234.5, unit: 'USD' })).toMatchObject({
      kind: 'text',
      text: '$1,235',
    });
    expect(view({ name: 'cost', type: 'currency', value: 12.5 })).toMatchObject({ text: '$12.50' });
    expect(view({ name: 'created', type: 'age', text: '2026-11-23T12:00:00Z' })).toMatchObject({
      kind: 'text',
      text: '3d',
      title: '2026-11-23T12:00:00Z',
    });
  });

  it('never shows hidden properties or properties without a value', () => {
    expect(view({ name: 'secret', type: 'hidden', text: 'x' })).toBeNull();
    expect(view({ name: 'empty' })).toBeNull();
  });

  it('shows a bar of value over max, coloured by the percentage rule', () => {
    expect(view({ name: 'cpu', value: 3000, max: 4000, unit: 'millicores' })).toEqual({
      kind: 'progress',
      label: 'cpu',
      text: '3 cores / 4 cores',
      percent: 75,
    });
    expect(view({ name: 'conn', value: 50, min: 0, max: 500 })).toMatchObject({ percent: 10 });
  });

  it('puts only headline properties on a card and every visible one in the panel', () => {
    const properties: ComponentProperty[] = [
      { name: 'replicas', value: 3, headline: true },
      { name: 'version', text: '1.2.3' },
      { name: 'token', type: 'hidden', text: 'abc', headline: true },
    ];
    expect(headlineProperties(properties, NOW).map((p) => p.label)).toEqual(['replicas']);
    expect(visibleProperties(properties, NOW).map((p) => p.label)).toEqual(['replicas', 'version']);
  });
});
