import { Classes, FormGroup, SegmentedControl } from '@blueprintjs/core';
import { useField, useForm } from 'react-final-form';
import type { DataTableColumn } from '../../ui/DataTable/DataTable';
import { DataTable } from '../../ui/DataTable/DataTable';
import type { ScopeLevel, ScopeLevels, ScopeObject, ScopePreset } from './model/tokenScopes';
import { SCOPE_OBJECTS, SCOPE_PRESETS, levelsOf, presetLevels } from './model/tokenScopes';

/** What each preset grants, in words. */
export const PRESET_DESCRIPTIONS: Record<Exclude<ScopePreset, 'Custom'>, string> = {
  Read: 'Read access to every object, and access to MCP.',
  Write: 'Read and create access to every object, and access to MCP.',
  Admin:
    'Read, create, update and delete on every object, running and approving playbooks, and access to MCP.',
};

export interface ScopeFieldsProps {
  /** Disables every control (while the token is being created). */
  disabled?: boolean;
}

/**
 * The token's scope: a preset (Read, Write, Admin) or Custom, where each object gets its own
 * level. Switching to Custom starts from what the previous preset granted.
 */
export function ScopeFields({ disabled = false }: ScopeFieldsProps) {
  const form = useForm();
  const preset = useField<ScopePreset>('preset', { subscription: { value: true } }).input;
  const levels = useField<ScopeLevels>('levels', { subscription: { value: true } }).input;

  const choosePreset = (value: string) => {
    const next = value as ScopePreset;
    if (next === preset.value) return;
    form.batch(() => {
      if (next === 'Custom' && preset.value !== 'Custom') {
        form.change('levels', presetLevels(preset.value));
      }
      form.change('preset', next);
    });
  };

  const chooseLevel = (object: ScopeObject, level: string) => {
    form.change('levels', { ...levels.value, [object]: level as ScopeLevel });
  };

  const columns: DataTableColumn<ScopeObject>[] = [
    { id: 'object', header: 'Object', cell: (object) => object, width: '8rem' },
    {
      id: 'level',
      header: 'Permission',
      cell: (object) => (
        <SegmentedControl
          size="small"
          aria-label={object}
          options={levelsOf(object).map((value) => ({ value, label: value, disabled }))}
          value={levels.value[object]}
          onValueChange={(level) => chooseLevel(object, level)}
        />
      ),
    },
  ];

  return (
    <FormGroup label="Scopes">
      <SegmentedControl
        aria-label="Permission level"
        options={SCOPE_PRESETS.map((value) => ({ value, label: value, disabled }))}
        value={preset.value}
        onValueChange={choosePreset}
      />
      {preset.value === 'Custom' ? (
        <DataTable
          aria-label="Permission per object"
          className="mc-token-scopes"
          columns={columns}
          rows={SCOPE_OBJECTS}
          getRowId={(object) => object}
        />
      ) : (
        <p className={`${Classes.TEXT_MUTED} mc-token-preset-description`}>
          {PRESET_DESCRIPTIONS[preset.value]}
        </p>
      )}
    </FormGroup>
  );
}
