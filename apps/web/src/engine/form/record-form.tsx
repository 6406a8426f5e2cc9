import type { DataField, FormElement } from '@kontor/contract/api/record-types';
import type { FieldErrors } from '@kontor/contract/call';
import { useCallback, useMemo, useState } from 'react';
import { ElementList } from './element-view';
import { FieldView } from './field-view';
import { FormEngineContext, type FormEngineState, withoutErrorsUnder } from './form-context';
import { type EngineRender, EngineRenderContext } from './render-context';
import type { FormValues } from './types';

/** How renderers render contained fields and elements: through context, so no renderer imports them. */
const engineRender: EngineRender = {
  renderField: (props) => <FieldView {...props} />,
  renderElements: (elements) => <ElementList elements={elements} />,
};

type Update<T> = (update: (previous: T) => T) => void;

type RecordFormProps = Readonly<{
  elements: readonly FormElement[];
  fields: Readonly<Record<string, DataField>>;
  values: FormValues;
  onValuesChange: Update<FormValues>;
  errors: FieldErrors;
  onErrorsChange: Update<FieldErrors>;
  readOnly: boolean;
  lockedFields?: ReadonlySet<string> | undefined;
}>;

/** The generic form engine: renders any server form definition over controlled values and messages. */
export function RecordForm({
  elements,
  fields,
  values,
  onValuesChange,
  errors,
  onErrorsChange,
  readOnly,
  lockedFields,
}: RecordFormProps) {
  const [rerender, setRerender] = useState<{ revision: number; by: string | null }>({ revision: 0, by: null });

  const setValue = useCallback(
    (key: string, value: unknown) => onValuesChange((previous) => ({ ...previous, [key]: value })),
    [onValuesChange],
  );
  const clearError = useCallback(
    (path: string) =>
      onErrorsChange((previous) => {
        if (!(path in previous)) return previous;
        const { [path]: _dropped, ...rest } = previous;
        return rest;
      }),
    [onErrorsChange],
  );
  const clearErrorsUnder = useCallback(
    (path: string) => onErrorsChange((previous) => withoutErrorsUnder(previous, path)),
    [onErrorsChange],
  );
  const notifyRerender = useCallback(
    (key: string) => setRerender((previous) => ({ revision: previous.revision + 1, by: key })),
    [],
  );

  const state = useMemo<FormEngineState>(
    () => ({
      values,
      fields,
      errors,
      readOnly,
      lockedFields,
      setValue,
      clearError,
      clearErrorsUnder,
      revision: rerender.revision,
      revisedBy: rerender.by,
      notifyRerender,
    }),
    [values, fields, errors, readOnly, lockedFields, setValue, clearError, clearErrorsUnder, rerender, notifyRerender],
  );

  return (
    <EngineRenderContext.Provider value={engineRender}>
      <FormEngineContext.Provider value={state}>
        <ElementList elements={elements} />
      </FormEngineContext.Provider>
    </EngineRenderContext.Provider>
  );
}
