import type { Selector } from '@kontor/contract/api/record-types';
import type { ModelSelectorItem } from '@kontor/contract/api/records';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useEnvironment } from '../../environment/environment-context';
import { selectorLabelsQuery, selectorSearchQuery } from '../records.queries';

/** Wait after the last key stroke before asking the server. */
const searchDebounceMs = 250;

/**
 * The data behind a model selector: debounced search results while the dropdown is open, and the
 * labels of the selected ids (model-selector/result), remembered from results already seen so a
 * freshly picked record shows its label at once.
 */
export const useModelSelectorData = (selector: Selector, selected: readonly string[], open: boolean) => {
  const { envKey } = useEnvironment();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), searchDebounceMs);
  const results = useQuery(selectorSearchQuery(envKey, selector, debounced, open));
  const labels = useQuery(selectorLabelsQuery(envKey, selector, selected));
  const seen = useRef(new Map<string, string>());
  for (const item of results.data ?? []) seen.current.set(item._id, item.label);

  /** The label of an id: '' while unknown and loading, null when the server has none. */
  const labelOf = useCallback(
    (id: string): string | null => {
      const label = labels.data?.get(id) ?? seen.current.get(id);
      if (label) return label;
      return labels.isPending && labels.fetchStatus !== 'idle' ? '' : null;
    },
    [labels.data, labels.isPending, labels.fetchStatus],
  );

  return {
    search,
    setSearch,
    /** True while typing ahead of the debounce or fetching. */
    searching: search.trim() !== debounced || results.isFetching,
    items: (results.data ?? []) as ModelSelectorItem[],
    failed: results.isError,
    labelOf,
  };
};
