/**
 * Whether Enter in the position modal applies the change (spec 01 §5): yes in plain inputs and
 * checkboxes; no in textareas (new line), selects and their search boxes (Enter picks an option),
 * and on buttons and links (Enter presses them).
 */
export const enterApplies = (target: EventTarget | null): boolean => {
  if (!(target instanceof Element)) return false;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT' || tag === 'BUTTON' || tag === 'A') return false;
  if (target.closest('[role="combobox"], [role="listbox"], [aria-haspopup="listbox"], [data-enter-keeps]'))
    return false;
  return tag === 'INPUT';
};
