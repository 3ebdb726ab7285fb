import { Button, Classes, FormGroup, InputGroup } from '@blueprintjs/core';
import type { TagPair } from '../model/scopeForm';

export const TAGS_HINT = 'Resources must match ALL tags.';

export interface TagsEditorProps {
  /** The pairs being edited. */
  tags: readonly TagPair[];
  onChange: (tags: TagPair[]) => void;
  /** Disables every control. Default false. */
  disabled?: boolean;
}

/** `key=value` pairs of a target's tag selector, one row each. */
export function TagsEditor({ tags, onChange, disabled = false }: TagsEditorProps) {
  const update = (index: number, change: Partial<TagPair>) =>
    onChange(tags.map((tag, i) => (i === index ? { ...tag, ...change } : tag)));
  return (
    <FormGroup label="Tags" helperText={TAGS_HINT}>
      <div role="group" aria-label="Tags" className="mc-scope-tags">
        {tags.map((tag, index) => (
          <div key={index} className="mc-scope-tag-row">
            <InputGroup
              aria-label={`Tag ${index + 1} key`}
              placeholder="key"
              value={tag.key}
              disabled={disabled}
              onValueChange={(key) => update(index, { key })}
            />
            <span className={Classes.TEXT_MUTED}>=</span>
            <InputGroup
              aria-label={`Tag ${index + 1} value`}
              placeholder="value"
              value={tag.value}
              disabled={disabled}
              onValueChange={(value) => update(index, { value })}
            />
            <Button
              variant="minimal"
              icon="cross"
              aria-label={`Remove tag ${index + 1}`}
              disabled={disabled}
              onClick={() => onChange(tags.filter((_, i) => i !== index))}
            />
          </div>
        ))}
        <Button
          variant="minimal"
          icon="add"
          text="Add Tag"
          disabled={disabled}
          onClick={() => onChange([...tags, { key: '', value: '' }])}
        />
      </div>
    </FormGroup>
  );
}
