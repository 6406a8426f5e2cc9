import type { Block, DesignBlock } from '@kontor/contract/api/website';
import { NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useEnvironment } from '../../environment/environment-context';
import { ImageInput } from './image-input';

type Value = Block['fields'][string];

/** The inputs of one block's fields, by the design's field types (string, text, html, queryforms, …). */
export function BlockFields({
  definition,
  block,
  onChange,
  errorOf,
  disabled,
  at,
}: {
  definition: DesignBlock;
  block: Block;
  onChange: (key: string, value: Value) => void;
  errorOf: (path: string) => string | undefined;
  disabled: boolean;
  at: number;
}) {
  const { recordTypes } = useEnvironment();
  return (
    <Stack gap="sm">
      {definition.fields.map((field) => {
        const value = block.fields[field.key] ?? field.default;
        const error = errorOf(`blocks[${at}].fields.${field.key}`);
        const common = { label: field.label, error, disabled, key: field.key };
        const text = value === null || value === undefined ? '' : String(value);
        switch (field.type) {
          case 'text':
            return (
              <Textarea
                {...common}
                autosize
                minRows={3}
                value={text}
                onChange={(e) => onChange(field.key, e.currentTarget.value)}
              />
            );
          case 'html':
            return (
              <Textarea
                {...common}
                autosize
                minRows={4}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                spellCheck={false}
                value={text}
                onChange={(e) => onChange(field.key, e.currentTarget.value)}
              />
            );
          case 'number':
            return (
              <NumberInput
                {...common}
                min={1}
                max={100}
                value={Number(value) || 20}
                onChange={(v) => onChange(field.key, Number(v) || 1)}
              />
            );
          case 'image':
            return <ImageInput {...common} value={text || null} onChange={(id) => onChange(field.key, id)} />;
          case 'recordtype':
            return (
              <Select
                {...common}
                searchable
                data={recordTypes.map((rt) => ({ value: rt.key, label: rt.plural }))}
                value={text || null}
                onChange={(v) => onChange(field.key, v ?? '')}
              />
            );
          default:
            return <TextInput {...common} value={text} onChange={(e) => onChange(field.key, e.currentTarget.value)} />;
        }
      })}
    </Stack>
  );
}
