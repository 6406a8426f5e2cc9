import { NativeSelect } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useT } from '../i18n/i18n';

/** The page sizes a list offers (the server allows up to 100). */
const pageSizes = [25, 50, 100] as const;
type PageSize = (typeof pageSizes)[number];

const storageKey = (list: string) => `kontor.pageSize.${list}`;

const read = (list: string): PageSize => {
  try {
    const stored = Number(window.localStorage.getItem(storageKey(list)));
    return pageSizes.find((n) => n === stored) ?? pageSizes[0];
  } catch {
    return pageSizes[0];
  }
};

/** A list's page size, remembered per list in this browser. */
export const usePageSize = (list: string): [PageSize, (size: PageSize) => void] => {
  const [size, setSize] = useState<PageSize>(() => read(list));
  const change = useCallback(
    (next: PageSize) => {
      setSize(next);
      try {
        window.localStorage.setItem(storageKey(list), String(next));
      } catch {
        // Private mode without storage: the choice holds for this visit only.
      }
    },
    [list],
  );
  return [size, change];
};

/** "Einträge pro Seite: 25 / 50 / 100". */
export function PageSizeSelect({ value, onChange }: { value: PageSize; onChange: (size: PageSize) => void }) {
  const t = useT();
  return (
    <NativeSelect
      size="xs"
      label={t('records.pageSize')}
      value={String(value)}
      data={pageSizes.map((n) => String(n))}
      onChange={(event) => onChange((pageSizes.find((n) => String(n) === event.currentTarget.value) ?? 25) as PageSize)}
      styles={{
        root: { display: 'flex', alignItems: 'center', gap: 8 },
        label: { whiteSpace: 'nowrap', fontWeight: 400 },
      }}
    />
  );
}
