import type { Setting } from '@kontor/contract/api/record-types';
import { Switch, TextInput } from '@mantine/core';

type Props = Readonly<{
  setting: Setting;
  value: unknown;
  onChange: (value: string | boolean) => void;
}>;

/** A structure setting's value: a switch for a boolean setting, a text input for the others. */
export function SettingValueInput({ setting, value, onChange }: Props) {
  return setting.type === 'boolean' ? (
    <Switch
      label={setting.name}
      description={setting.description}
      checked={value === true}
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  ) : (
    <TextInput
      label={setting.name}
      description={setting.description}
      value={typeof value === 'string' ? value : ''}
      maxLength={1000}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
