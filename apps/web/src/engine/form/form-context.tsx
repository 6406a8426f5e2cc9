import type { DataField } from '@kontor/contract/api/record-types';
import type { FieldErrors } from '@kontor/contract/call';
import { createContext, useContext } from 'react';
import type { FormValues } from './types';

export type FormEngineState = Readonly<{
  values: FormValues;
  fields: Readonly<Record<string, DataField>>;
  errors: FieldErrors;
  readOnly: boolean;
  /** Fields shown read-only although the form is not (a form preview locks the ones that would upload). */
  lockedFields?: ReadonlySet<string> | undefined;
  setValue: (key: string, value: unknown) => void;
  /** Drops the messages of exactly this path (the field was edited). */
  clearError: (path: string) => void;
  /** Drops the messages of a path and everything under it (`positions` → `positions[2].title`). */
  clearErrorsUnder: (path: string) => void;
  /** Bumped when a field with `rerenderOnChange` changes: the other fields remount with fresh state. */
  revision: number;
  /** The field whose change caused the last revision; it keeps its state (and focus). */
  revisedBy: string | null;
  notifyRerender: (key: string) => void;
}>;

export const FormEngineContext = createContext<FormEngineState | null>(null);

export const useFormEngine = (): FormEngineState => {
  const state = useContext(FormEngineContext);
  if (!state) throw new Error('useFormEngine() outside of a RecordForm');
  return state;
};

/** The first message at a path. */
export const errorAt = (errors: FieldErrors, path: string): string | undefined => errors[path]?.[0];

/** Whether any error lies at the path or below it. */
const hasErrorsUnder = (errors: FieldErrors, path: string): boolean =>
  Object.keys(errors).some((key) => key === path || key.startsWith(`${path}.`) || key.startsWith(`${path}[`));

/** Errors without the path and everything below it; the same object when nothing matched. */
export const withoutErrorsUnder = (errors: FieldErrors, path: string): FieldErrors => {
  if (!hasErrorsUnder(errors, path)) return errors;
  return Object.fromEntries(
    Object.entries(errors).filter(
      ([key]) => !(key === path || key.startsWith(`${path}.`) || key.startsWith(`${path}[`)),
    ),
  );
};

/** The title of the card around an element: a field labelled the same needs no second heading. */
export const EnclosingTitleContext = createContext<string | undefined>(undefined);
