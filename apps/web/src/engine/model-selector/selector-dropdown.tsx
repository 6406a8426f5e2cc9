import type { ModelSelectorItem } from '@kontor/contract/api/records';
import { Combobox, Group, Loader, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useT } from '../../i18n/i18n';

/** The dropdown of a model selector: a search box and the result list (spec 01 §2). */
export function SelectorDropdown({
  search,
  onSearch,
  items,
  searching,
  failed,
  isSelected,
}: {
  search: string;
  onSearch: (text: string) => void;
  items: readonly ModelSelectorItem[];
  searching: boolean;
  failed: boolean;
  isSelected: (id: string) => boolean;
}) {
  const t = useT();
  const body = failed ? (
    <Combobox.Empty>
      <Text size="sm" c="red" role="alert">
        {t('records.selectorLoadFailed')}
      </Text>
    </Combobox.Empty>
  ) : items.length === 0 ? (
    <Combobox.Empty>
      {searching ? <Loader size="xs" aria-label={t('common.loading')} /> : t('records.selectorEmpty')}
    </Combobox.Empty>
  ) : (
    items.map((item) => (
      <Combobox.Option value={item._id} key={item._id} active={isSelected(item._id)}>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Text size="sm" fs={item.label ? undefined : 'italic'}>
            {item.label || t('records.selectorMissingLabel')}
          </Text>
          {isSelected(item._id) && <IconCheck size={16} aria-hidden />}
        </Group>
      </Combobox.Option>
    ))
  );
  return (
    <Combobox.Dropdown>
      <Combobox.Search
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        placeholder={t('records.selectorSearch')}
        aria-label={t('records.selectorSearch')}
        rightSection={searching && items.length > 0 ? <Loader size="xs" /> : undefined}
      />
      <Combobox.Options mah={300} style={{ overflowY: 'auto' }}>
        {body}
      </Combobox.Options>
    </Combobox.Dropdown>
  );
}
