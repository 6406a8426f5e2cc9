import { Modal } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { FilePicker, type PickedFile } from './file-picker';

/** Spec 01 §9: the file selector is 800 px wide. */
const filePickerWidth = 800;

type OpenPickerOptions = Readonly<{
  multiple: boolean;
  chosen: readonly string[];
  imagesOnly?: boolean;
  onPick: (file: PickedFile) => Promise<void> | void;
}>;

/**
 * The file selector (for `file`/`files` fields, the general settings' logo, attachments): `open`
 * shows it, `picker` is rendered where the caller sits (inside the environment shell). Other
 * features use this hook, never the picker's insides.
 */
export const useFilePicker = (): { open: (options: OpenPickerOptions) => void; picker: ReactNode } => {
  const t = useT();
  const { envKey } = useEnvironment();
  const [options, setOptions] = useState<OpenPickerOptions | null>(null);
  const close = () => setOptions(null);
  const picker = (
    <Modal
      opened={options !== null}
      onClose={close}
      title={t(options?.multiple ? 'files.pickerTitleMulti' : 'files.pickerTitle')}
      size={filePickerWidth}
      radius="lg"
    >
      {options && <FilePicker envKey={envKey} {...options} onClose={close} />}
    </Modal>
  );
  return { open: setOptions, picker };
};
