import { Tag } from '@blueprintjs/core';
import { ProgressBar } from '../../../ui/ProgressBar';
import type { PropertyView } from '../model/properties';

/** A property's value as its view says: a link, a badge, a bar or text. */
export function PropertyValue({ view }: { view: PropertyView }) {
  switch (view.kind) {
    case 'link':
      return (
        <a href={view.href} target="_blank" rel="noopener noreferrer">
          {view.text}
        </a>
      );
    case 'badge':
      return (
        <Tag
          minimal={!view.color}
          round
          className="mc-topology-badge"
          style={view.color ? { backgroundColor: view.color } : undefined}
        >
          {view.text}
        </Tag>
      );
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
