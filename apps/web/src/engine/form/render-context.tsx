import type { FormElement } from '@kontor/contract/api/record-types';
import { createContext, type ReactNode, useContext } from 'react';
import type { FieldViewProps } from './types';

/**
 * How a renderer renders what it contains: a map's or object's child fields, a card's or tab's
 * elements. Passed through context by the form engine (record-form.tsx), so renderers never import
 * the field view or the element list — which would close an import cycle through every renderer.
 */
export type EngineRender = Readonly<{
  renderField: (props: FieldViewProps) => ReactNode;
  renderElements: (elements: readonly FormElement[]) => ReactNode;
}>;

export const EngineRenderContext = createContext<EngineRender | null>(null);

export const useEngineRender = (): EngineRender => {
  const render = useContext(EngineRenderContext);
  if (!render) throw new Error('useEngineRender outside the form engine');
  return render;
};

/** A contained field, rendered through the engine's `renderField` (for map, object and position editors). */
export function ChildField(props: FieldViewProps) {
  return useEngineRender().renderField(props);
}

/** Contained elements, rendered through the engine's `renderElements` (for tabs, cards, containers). */
export function ChildElements({ elements }: { elements: readonly FormElement[] }) {
  return useEngineRender().renderElements(elements);
}
