import { useState } from 'react';
import './jsonTree.css';

/**
 * A JSON value as a tree: each object and array a button that folds and unfolds its members
 * (the outer levels open at first), each other value written as JSON.
 */

export interface JsonTreeProps {
  value: unknown;
  /** The tree's accessible name. */
  label: string;
  /** How many levels are open at first; 2 unless told. */
  openLevels?: number;
}

function isBranch(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null;
}

function summary(value: Record<string, unknown> | unknown[]): string {
  if (Array.isArray(value)) return `[${value.length} ${value.length === 1 ? 'item' : 'items'}]`;
  const count = Object.keys(value).length;
  return `{${count} ${count === 1 ? 'key' : 'keys'}}`;
}

function Leaf({ value }: { value: unknown }) {
  const kind = value === null ? 'null' : typeof value;
  return <span className={`mc-json-value mc-json-${kind}`}>{JSON.stringify(value)}</span>;
}

function Node({
  name,
  value,
  depth,
  openLevels,
}: {
  name: string | undefined;
  value: unknown;
  depth: number;
  openLevels: number;
}) {
  const [open, setOpen] = useState(depth < openLevels);
  const key = name === undefined ? null : <span className="mc-json-key">{name}: </span>;
  if (!isBranch(value)) {
    return (
      <li role="treeitem" aria-selected={false}>
        {key}
        <Leaf value={value} />
      </li>
    );
  }
  const entries: Array<[string, unknown]> = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value);
  return (
    <li role="treeitem" aria-expanded={open} aria-selected={false}>
      <button
        type="button"
        className="mc-json-toggle"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <span className="mc-json-caret" aria-hidden>
          {open ? '▾' : '▸'}
        </span>
        {key}
        <span className="mc-json-summary">{summary(value)}</span>
      </button>
      {open && entries.length > 0 && (
        <ul role="group">
          {entries.map(([childName, child]) => (
            <Node
              key={childName}
              name={childName}
              value={child}
              depth={depth + 1}
              openLevels={openLevels}
            />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The tree of a JSON value (see the module's comment). */
export function JsonTree({ value, label, openLevels = 2 }: JsonTreeProps) {
  return (
    <ul className="mc-json-tree" role="tree" aria-label={label}>
      <Node name={undefined} value={value} depth={0} openLevels={openLevels} />
    </ul>
  );
}
