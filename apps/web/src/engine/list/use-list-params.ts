import { useSearchParams } from 'react-router';
import type { ListParams } from '../records.queries';

type Sort = ListParams['sort'];

const readSort = (raw: string | null): Sort => {
  const match = /^(.+):(asc|desc)$/.exec(raw ?? '');
  return match ? { field: match[1] as string, dir: match[2] as 'asc' | 'desc' } : null;
};

/** Search, sort and page of a list live in the URL (`?q=…&sort=name:asc&page=2`): shareable and kept on back. */
export const useListParams = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(searchParams.get('page') ?? '1')) || 1);
  const params: ListParams = { search: searchParams.get('q') ?? '', sort: readSort(searchParams.get('sort')), page };

  const update = (changes: { q?: string; sort?: Sort; page?: number }) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
        if (changes.q !== undefined) set('q', changes.q.trim() || null);
        if (changes.sort !== undefined) set('sort', changes.sort ? `${changes.sort.field}:${changes.sort.dir}` : null);
        if (changes.page !== undefined) set('page', changes.page > 1 ? String(changes.page) : null);
        return next;
      },
      { replace: true },
    );

  return {
    params,
    /** A new search starts on page 1. */
    setSearch: (q: string) => update({ q, page: 1 }),
    setSort: (sort: Sort) => update({ sort, page: 1 }),
    setPage: (value: number) => update({ page: value }),
  };
};

/** Clicking a header: the same column flips its direction, another column starts ascending. */
export const nextSort = (current: Sort, field: string): NonNullable<Sort> =>
  current?.field === field ? { field, dir: current.dir === 'asc' ? 'desc' : 'asc' } : { field, dir: 'asc' };
