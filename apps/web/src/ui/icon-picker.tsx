import { Modal, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { useT } from '../i18n/i18n';
import classes from './icon-picker.module.css';
import { AppIcon, type AppIconKey, appIconKeys, iconLabelKey } from './icons';

type IconPickerModalProps = Readonly<{
  opened: boolean;
  onClose: () => void;
  /** The chosen key; the modal closes itself afterwards. */
  onPick: (key: AppIconKey) => void;
  /** The current key, highlighted. */
  value?: string | null;
}>;

const normalise = (text: string) =>
  text
    .toLocaleLowerCase('de')
    .normalize('NFKD')
    .replace(/\p{Diacritic}/gu, '');

/** The rows of a wrapped grid: buttons sharing the first one's top edge form one row. */
const columnsOf = (buttons: HTMLElement[]): number => {
  const top = buttons[0]?.offsetTop;
  const cols = buttons.filter((b) => b.offsetTop === top).length;
  return Math.max(1, cols);
};

/**
 * Spec 01 §2 "Icon picker": a modal titled 'Icon auswählen' showing the icon set. Search by key or
 * label; arrow keys move through the grid, Enter or Space picks.
 */
export function IconPickerModal({ opened, onClose, onPick, value }: IconPickerModalProps) {
  const t = useT();
  const [query, setQuery] = useState('');
  const grid = useRef<HTMLDivElement>(null);

  const matches = useMemo(() => {
    const q = normalise(query.trim());
    if (!q) return appIconKeys;
    return appIconKeys.filter((key) => normalise(key).includes(q) || normalise(t(iconLabelKey(key))).includes(q));
  }, [query, t]);

  const pick = (key: AppIconKey) => {
    onPick(key);
    onClose();
  };

  const buttons = () => Array.from(grid.current?.querySelectorAll<HTMLElement>('button') ?? []);

  const moveFocus = (e: KeyboardEvent<HTMLDivElement>) => {
    const list = buttons();
    const index = list.indexOf(document.activeElement as HTMLElement);
    if (index < 0) return;
    const cols = columnsOf(list);
    const step: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: cols, ArrowUp: -cols };
    const delta = step[e.key];
    if (delta === undefined) return;
    e.preventDefault();
    list[Math.min(list.length - 1, Math.max(0, index + delta))]?.focus();
  };

  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      buttons()[0]?.focus();
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const first = matches[0];
      if (first) pick(first);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('shell.iconPickerTitle')}
      size="lg"
      centered
      onExitTransitionEnd={() => setQuery('')}
    >
      <TextInput
        data-autofocus
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        onKeyDown={onSearchKey}
        placeholder={t('shell.iconSearch')}
        aria-label={t('shell.iconSearch')}
        leftSection={<IconSearch size={16} aria-hidden />}
        mb="md"
      />
      {matches.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('shell.iconNoMatch')}
        </Text>
      ) : (
        // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys for the buttons inside
        <div ref={grid} className={classes.grid} onKeyDown={moveFocus}>
          {matches.map((key) => {
            const label = t(iconLabelKey(key));
            return (
              <UnstyledButton
                key={key}
                className={classes.item}
                data-selected={key === value || undefined}
                aria-pressed={key === value}
                aria-label={label}
                title={key}
                onClick={() => pick(key)}
              >
                <AppIcon name={key} size={24} />
                <span className={classes.label}>{label}</span>
              </UnstyledButton>
            );
          })}
        </div>
      )}
    </Modal>
  );
}
