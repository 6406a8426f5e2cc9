import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/i18n';

/** Wait after the last key stroke before the list asks the server. */
const listSearchDebounceMs = 300;

/** The search box of a list: debounced into the URL, and following the URL when it changes (back, links). */
export function ListSearch({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const t = useT();
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, listSearchDebounceMs);
  const sent = useRef(value);

  useEffect(() => {
    if (debounced.trim() === sent.current.trim()) return;
    sent.current = debounced;
    onSearch(debounced);
  }, [debounced, onSearch]);

  useEffect(() => {
    if (value.trim() === sent.current.trim()) return;
    sent.current = value;
    setText(value);
  }, [value]);

  return (
    <TextInput
      aria-label={t('records.search')}
      placeholder={t('records.searchPlaceholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label={t('records.clearSearch')}
            onClick={() => {
              setText('');
              sent.current = '';
              onSearch('');
            }}
          />
        ) : undefined
      }
      w={{ base: '100%', sm: 320 }}
      size="sm"
    />
  );
}
