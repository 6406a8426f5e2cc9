import type { Structure, StructureStats } from '@kontor/contract/api/data-structures';
import { useOutletContext } from 'react-router';

/** What the editor hands its tabs: the pending structure (saved as a whole) and its record stats. */
export type StructureEditor = Readonly<{
  draft: Structure;
  update: (change: (current: Structure) => Structure) => void;
  stats: StructureStats;
  /** Plural names of the types a model field may select, by key. */
  typeLabels: ReadonlyMap<string, string>;
}>;

export const useStructureEditor = (): StructureEditor => useOutletContext<StructureEditor>();
