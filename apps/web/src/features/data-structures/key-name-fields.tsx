import { SimpleGrid, TextInput } from '@mantine/core';

type Field = Readonly<{ label: string; value: string; onChange: (value: string) => void; error?: string }>;

/**
 * The key and the name of a new list or form, side by side from `sm` on. The key is an identifier:
 * monospaced, at most 60 characters, and read-only once the thing exists.
 */
export function KeyNameFields({
  keyField,
  nameField,
  keyReadOnly = false,
}: {
  keyField: Field;
  nameField: Field;
  keyReadOnly?: boolean;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label={keyField.label}
        value={keyField.value}
        onChange={(e) => keyField.onChange(e.currentTarget.value)}
        readOnly={keyReadOnly}
        error={keyField.error}
        maxLength={60}
        required
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <TextInput
        label={nameField.label}
        value={nameField.value}
        onChange={(e) => nameField.onChange(e.currentTarget.value)}
        error={nameField.error}
        maxLength={200}
        required
      />
    </SimpleGrid>
  );
}
