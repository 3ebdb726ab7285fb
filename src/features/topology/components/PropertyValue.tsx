import type { Intent } from '@blueprintjs/core';
import { PlainTag } from '../../../ui/PlainTag';
import { ProgressBar } from '../../../ui/ProgressBar';
import type { PropertyView } from '../model/properties';

/** Colour words a badge may name, drawn in the console's own intents. */
const INTENT_OF_COLOR: Readonly<Record<string, Intent>> = {
  blue: 'primary',
  green: 'success',
  orange: 'warning',
  yellow: 'warning',
  amber: 'warning',
  red: 'danger',
};

/** A property's value as its view says: a link, a badge, a bar or text. */
export function PropertyValue({ view }: { view: PropertyView }) {
  switch (view.kind) {
    case 'link':
      return (
        <a href={view.href} target="_blank" rel="noopener noreferrer">
          {view.text}
        </a>
      );
    case 'badge': {
      const intent = view.color ? INTENT_OF_COLOR[view.color.toLowerCase()] : undefined;
      const custom = view.color && !intent ? { backgroundColor: view.color } : undefined;
      return (
        <PlainTag
          minimal={!custom}
          round
          intent={intent}
          className="mc-topology-badge"
          style={custom}
        >
          {view.text}
        </PlainTag>
      );
    }
    case 'progress':
      return <ProgressBar value={view.percent} label={view.text} />;
    default:
      return <span title={view.title}>{view.text}</span>;
  }
}

/** Properties as a description list: name, then value. */
export function PropertyList({ views, className }: { views: PropertyView[]; className?: string }) {
  if (views.length === 0) return null;
  return (
    <dl className={['mc-topology-properties', className].filter(Boolean).join(' ')}>
      {views.map((view, index) => (
        <div key={`${view.label}-${index}`} className="mc-topology-property">
          <dt>{view.label}</dt>
          <dd>
            <PropertyValue view={view} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
