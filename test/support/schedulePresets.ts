/** The presets a schedule field suggests (its datalist's options): value and label of each. */
export function schedulePresets(input: HTMLElement): Array<{ value: string; label: string }> {
  const list = document.getElementById(input.getAttribute('list') ?? '');
  return [...(list?.querySelectorAll('option') ?? [])].map((option) => ({
    value: option.value,
    label: option.label,
  }));
}
