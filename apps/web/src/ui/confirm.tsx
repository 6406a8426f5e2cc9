import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type FormEvent, useMemo, useState } from 'react';
import { useT } from '../i18n/i18n';
import classes from './confirm.module.css';

/**
 * The one confirm / alert / prompt API every screen uses (`useDialogs()`) (spec 01 §2 "global modal"). Texts
 * come from the caller, because the modals render at the app root, outside the environment's
 * language; `useDialogs()` fills the button labels from the caller's catalog.
 */

/** A question with cancel and confirm; on phones the buttons stack full width, confirm on top. */
const confirmDialog = (o: {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel?: () => void;
}): void => {
  let answered = false;
  modals.openConfirmModal({
    title: o.title,
    children: o.text ? <Text size="sm">{o.text}</Text> : null,
    labels: { confirm: o.confirmLabel, cancel: o.cancelLabel },
    confirmProps: o.danger ? { color: 'red' } : { 'data-autofocus': true },
    groupProps: { className: classes.actions },
    onConfirm: () => {
      answered = true;
      o.onConfirm();
    },
    // Closing by Escape, the cross or the backdrop counts as cancel.
    onClose: () => {
      if (!answered) o.onCancel?.();
    },
  });
};

type Labels = Readonly<{ ok: string; cancel: string }>;

/** A notice with one button; resolves when closed. */
const alertDialog = (o: { title: string; text: string; okLabel: string }): Promise<void> =>
  new Promise((resolve) => {
    const id = modals.open({
      title: o.title,
      onClose: () => resolve(),
      children: (
        <Stack gap="lg">
          <Text size="sm">{o.text}</Text>
          <Group justify="flex-end" className={classes.actions}>
            <Button data-autofocus onClick={() => modals.close(id)}>
              {o.okLabel}
            </Button>
          </Group>
        </Stack>
      ),
    });
  });

function PromptForm(props: {
  label: string;
  initial: string;
  labels: Labels;
  onSubmit: (value: string) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(props.initial);
  const blank = value.trim() === '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!blank) props.onSubmit(value.trim());
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <TextInput label={props.label} value={value} onChange={(e) => setValue(e.currentTarget.value)} data-autofocus />
        <Group justify="flex-end" className={classes.actions}>
          <Button variant="default" onClick={props.onCancel}>
            {props.labels.cancel}
          </Button>
          <Button type="submit" disabled={blank}>
            {props.labels.ok}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Asks for one line of text; resolves with the trimmed text, or null when cancelled. Blank input is ignored. */
const prompt = (o: { title: string; label: string; initial?: string; labels: Labels }): Promise<string | null> =>
  new Promise((resolve) => {
    let result: string | null = null;
    const id = modals.open({
      title: o.title,
      onClose: () => resolve(result),
      children: (
        <PromptForm
          label={o.label}
          initial={o.initial ?? ''}
          labels={o.labels}
          onSubmit={(value) => {
            result = value;
            modals.close(id);
          }}
          onCancel={() => modals.close(id)}
        />
      ),
    });
  });

type Dialogs = Readonly<{
  /** Resolves true when confirmed, false when cancelled or closed. */
  confirm: (o: {
    title: string;
    text?: string;
    confirmLabel?: string;
    cancelLabel?: string;
    danger?: boolean;
  }) => Promise<boolean>;
  alert: (o: { title: string; text: string; okLabel?: string }) => Promise<void>;
  prompt: (o: {
    title: string;
    label: string;
    initial?: string;
    okLabel?: string;
    cancelLabel?: string;
  }) => Promise<string | null>;
}>;

/** The dialogs with button labels in the caller's language. */
export const useDialogs = (): Dialogs => {
  const t = useT();
  return useMemo(() => {
    const ok = t('common.ok');
    const cancel = t('common.cancel');
    return {
      confirm: (o) =>
        new Promise<boolean>((resolve) =>
          confirmDialog({
            title: o.title,
            text: o.text ?? '',
            confirmLabel: o.confirmLabel ?? ok,
            cancelLabel: o.cancelLabel ?? cancel,
            danger: o.danger,
            onConfirm: () => resolve(true),
            onCancel: () => resolve(false),
          }),
        ),
      alert: (o) => alertDialog({ title: o.title, text: o.text, okLabel: o.okLabel ?? ok }),
      prompt: (o) =>
        prompt({
          title: o.title,
          label: o.label,
          initial: o.initial,
          labels: { ok: o.okLabel ?? ok, cancel: o.cancelLabel ?? cancel },
        }),
    };
  }, [t]);
};
