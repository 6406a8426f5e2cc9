import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { displayGermanNumber, type NumberKind, readGermanInput } from './german-number';

type Props = Omit<TextInputProps, 'value' | 'onChange' | 'type'> & {
  value: unknown;
  kind: NumberKind;
  /** A number, null when blank, or the typed text when it is no number (the form refuses to save it). */
  onChange: (value: number | null | string) => void;
};

/**
 * Number input in German notation (spec 01 §5): shows "1.234,50", reads "1234,5" or "1.234,5".
 * While focused the text stays as typed; on blur it is shown formatted again.
 */
export function GermanNumberInput({ value, kind, onChange, error, onFocus, onBlur, ...rest }: Props) {
  const t = useT();
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? displayGermanNumber(value, kind);
  const parsed = readGermanInput(text, kind);
  const localError = parsed.ok
    ? undefined
    : t(parsed.reason === 'integer' ? 'validation.integer' : 'validation.number');
  return (
    <TextInput
      size="sm"
      {...rest}
      inputMode={kind === 'integer' ? 'numeric' : 'decimal'}
      autoComplete="off"
      value={text}
      error={localError ?? error}
      styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
      onFocus={(event) => {
        setDraft(displayGermanNumber(value, kind));
        onFocus?.(event);
      }}
      onBlur={(event) => {
        setDraft(null);
        onBlur?.(event);
      }}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setDraft(next);
        const read = readGermanInput(next, kind);
        onChange(read.ok ? read.value : next);
      }}
    />
  );
}
