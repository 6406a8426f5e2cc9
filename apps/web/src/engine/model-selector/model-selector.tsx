import type { Selector } from '@kontor/contract/api/record-types';
import { CloseButton, Combobox, Input, InputBase, Pill, PillsInput, Text, useCombobox } from '@mantine/core';
import { useEffect } from 'react';
import { useT } from '../../i18n/i18n';
import { SelectorDropdown } from './selector-dropdown';
import { useModelSelectorData } from './use-model-selector-data';

type Common = Readonly<{
  selector: Selector;
  label: string;
  hideLabel?: boolean;
  error?: string | undefined;
  hint?: string | undefined;
  required?: boolean;
  readOnly?: boolean;
}>;

type SingleProps = Common & { multiple?: false; value: string | null; onChange: (value: string | null) => void };
type MultiProps = Common & { multiple: true; value: string[]; onChange: (value: string[]) => void };

/** Labels of the selected ids; while loading an ellipsis, without one 'Missing label information'. */
const useLabelText = () => {
  const t = useT();
  return (label: string | null) => (label === '' ? '…' : (label ?? t('records.selectorMissingLabel')));
};

/**
 * The model selector (spec 01 §2): the current record(s) with a clear button; a dropdown with a
 * search box and results, navigable with the arrow keys and Enter, closed with Escape.
 */
export function ModelSelector(props: SingleProps | MultiProps) {
  const t = useT();
  const labelText = useLabelText();
  const selected = props.multiple ? props.value : props.value ? [props.value] : [];
  const combobox = useCombobox({
    onDropdownOpen: () => combobox.focusSearchInput(),
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      data.setSearch('');
    },
  });
  const data = useModelSelectorData(props.selector, selected, combobox.dropdownOpened);

  // Keep the first result highlighted, so Enter picks it.
  useEffect(() => {
    if (combobox.dropdownOpened && data.items.length > 0) combobox.selectFirstOption();
  }, [combobox, data.items]);

  const wrapper = {
    label: props.hideLabel ? undefined : props.label,
    description: props.hint,
    error: props.error,
    withAsterisk: !props.readOnly && props.required,
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
  };

  const pick = (id: string) => {
    if (props.multiple) {
      props.onChange(props.value.includes(id) ? props.value.filter((x) => x !== id) : [...props.value, id]);
    } else {
      props.onChange(id);
      combobox.closeDropdown();
      combobox.focusTarget();
    }
  };

  const clear = () => {
    if (props.multiple) props.onChange([]);
    else props.onChange(null);
  };

  const readOnlyText = selected.map((id) => labelText(data.labelOf(id))).join(', ');
  if (props.readOnly) {
    return (
      <InputBase
        {...wrapper}
        aria-label={props.hideLabel ? props.label : undefined}
        readOnly
        variant="filled"
        value={readOnlyText}
      />
    );
  }

  const clearButton =
    selected.length > 0 ? (
      <CloseButton
        size="sm"
        aria-label={t('records.selectorClear')}
        onMouseDown={(event) => event.preventDefault()}
        onClick={clear}
      />
    ) : (
      <Combobox.Chevron />
    );

  const target = props.multiple ? (
    <PillsInput
      {...wrapper}
      pointer
      onClick={() => combobox.openDropdown()}
      rightSection={clearButton}
      rightSectionPointerEvents={selected.length > 0 ? 'all' : 'none'}
    >
      <Pill.Group>
        {selected.map((id) => (
          <Pill
            key={id}
            withRemoveButton
            // Mantine hides the remove button from keyboards and screen readers; ours are reachable.
            removeButtonProps={{
              'aria-label': t('records.selectorRemoveItem', { label: labelText(data.labelOf(id)) }),
              'aria-hidden': false,
              tabIndex: 0,
            }}
            onRemove={() => props.onChange(props.value.filter((x) => x !== id))}
          >
            {labelText(data.labelOf(id))}
          </Pill>
        ))}
        <Combobox.EventsTarget>
          <PillsInput.Field
            readOnly
            aria-label={props.label}
            placeholder={selected.length === 0 ? t('records.selectorPlaceholder') : undefined}
            onKeyDown={(event) => {
              if (event.key === 'Backspace' && selected.length > 0) {
                props.onChange(props.value.slice(0, -1));
              } else if (event.key === 'Enter' || event.key === 'ArrowDown' || event.key === ' ') {
                event.preventDefault();
                combobox.openDropdown();
              }
            }}
          />
        </Combobox.EventsTarget>
      </Pill.Group>
    </PillsInput>
  ) : (
    <InputBase
      {...wrapper}
      component="button"
      type="button"
      pointer
      aria-label={props.hideLabel ? props.label : undefined}
      aria-haspopup="listbox"
      aria-expanded={combobox.dropdownOpened}
      onClick={() => combobox.toggleDropdown()}
      rightSection={clearButton}
      rightSectionPointerEvents={selected.length > 0 ? 'all' : 'none'}
      styles={{ input: { textAlign: 'left', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } }}
    >
      {props.value ? (
        <Text span size="sm" inherit>
          {labelText(data.labelOf(props.value))}
        </Text>
      ) : (
        <Input.Placeholder>{t('records.selectorPlaceholder')}</Input.Placeholder>
      )}
    </InputBase>
  );

  return (
    <Combobox store={combobox} onOptionSubmit={pick} withinPortal position="bottom-start" shadow="md">
      {props.multiple ? (
        <Combobox.DropdownTarget>{target}</Combobox.DropdownTarget>
      ) : (
        <Combobox.Target targetType="button">{target}</Combobox.Target>
      )}
      <SelectorDropdown
        search={data.search}
        onSearch={(text) => {
          data.setSearch(text);
          combobox.updateSelectedOptionIndex();
        }}
        items={data.items}
        searching={data.searching}
        failed={data.failed}
        isSelected={(id) => selected.includes(id)}
      />
    </Combobox>
  );
}
