import { Alert, Button, Group, Stack } from '@mantine/core';
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconCircleCheck,
  IconInfoCircle,
  type TablerIcon,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../i18n/i18n';

/**
 * The global alert bar above the content (spec 01 §2): any screen pushes a message; it stays
 * until dismissed, except success messages, which fade after a while unless told otherwise. A
 * success message belongs to the page it was made on (issue 31 item 9): it goes when the user
 * moves to another page, unless it was made for the page a save leads to (`page`).
 */
type AlertKind = 'success' | 'danger' | 'warning' | 'info';

type AppAlert = Readonly<{
  id: string;
  kind: AlertKind;
  message: ReactNode;
  title?: ReactNode;
  /** A button inside the alert, e.g. 'Aktualisieren'. */
  action?: { label: string; onClick: () => void };
  dismissible: boolean;
  /** The path a success message belongs to. */
  page: string | undefined;
}>;

type AlertInput = Readonly<{
  kind: AlertKind;
  message: ReactNode;
  title?: ReactNode;
  action?: { label: string; onClick: () => void };
  /** Default true. */
  dismissible?: boolean;
  /** Pushing again with the same id replaces the alert instead of stacking a copy. */
  id?: string;
  /** Milliseconds until it goes away by itself; success defaults to 8 s, others stay. */
  autoCloseMs?: number | false;
  /**
   * For a success message: the path it belongs to when the save moves on to another page (a new
   * record's edit page, the list after a removal). Default: the page it is pushed on.
   */
  page?: string;
}>;

const successAutoCloseMs = 8000;

let alerts: readonly AppAlert[] = [];
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

const emit = () => {
  for (const listener of listeners) listener();
};

/** The page the alert bar shows on, as its router knows it (a memory router in tests). */
let shownOn: string | undefined;

const stopTimer = (id: string) => {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
};

export const alertBar = {
  /** Shows an alert and returns its id. */
  push(input: AlertInput): string {
    counter += 1;
    const id = input.id ?? `alert-${counter}`;
    const alert: AppAlert = {
      id,
      kind: input.kind,
      message: input.message,
      title: input.title,
      action: input.action,
      dismissible: input.dismissible ?? true,
      page: input.kind === 'success' ? (input.page ?? shownOn) : undefined,
    };
    const exists = alerts.some((a) => a.id === id);
    alerts = exists ? alerts.map((a) => (a.id === id ? alert : a)) : [...alerts, alert];
    stopTimer(id);
    const autoClose = input.autoCloseMs ?? (input.kind === 'success' ? successAutoCloseMs : false);
    if (autoClose !== false)
      timers.set(
        id,
        setTimeout(() => alertBar.dismiss(id), autoClose),
      );
    emit();
    return id;
  },
  dismiss(id: string): void {
    stopTimer(id);
    if (!alerts.some((a) => a.id === id)) return;
    alerts = alerts.filter((a) => a.id !== id);
    emit();
  },
  /** Removes every alert (the shell does so when the environment is left). */
  clear(): void {
    for (const id of timers.keys()) stopTimer(id);
    if (alerts.length === 0) return;
    alerts = [];
    emit();
  },
  /** Drops the success messages of other pages: the user moved on to `path`. */
  leftFor(path: string): void {
    const stale = alerts.filter((a) => a.page !== undefined && a.page !== path);
    for (const a of stale) alertBar.dismiss(a.id);
  },
  get: (): readonly AppAlert[] => alerts,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

const useAlerts = (): readonly AppAlert[] => useSyncExternalStore(alertBar.subscribe, alertBar.get, alertBar.get);

const looks: Record<AlertKind, { color: string; icon: TablerIcon }> = {
  success: { color: 'teal', icon: IconCircleCheck },
  danger: { color: 'red', icon: IconAlertCircle },
  warning: { color: 'orange', icon: IconAlertTriangle },
  info: { color: 'blue', icon: IconInfoCircle },
};

/** Renders the current alerts; place once above the content. */
export function AlertBar() {
  const t = useT();
  const list = useAlerts();
  const { pathname } = useLocation();
  useEffect(() => {
    shownOn = pathname;
    alertBar.leftFor(pathname);
  }, [pathname]);
  if (list.length === 0) return null;
  return (
    <Stack gap="xs" mb="lg">
      {list.map((a) => {
        const { color, icon: Icon } = looks[a.kind];
        return (
          <Alert
            key={a.id}
            color={color}
            variant="light"
            radius="md"
            title={a.title}
            icon={<Icon size={20} />}
            role={a.kind === 'danger' || a.kind === 'warning' ? 'alert' : 'status'}
            withCloseButton={a.dismissible}
            closeButtonLabel={t('shell.closeAlert')}
            onClose={() => alertBar.dismiss(a.id)}
            styles={{ message: { color: 'var(--mantine-color-text)' } }}
          >
            <Group justify="space-between" gap="sm" wrap="wrap">
              <div style={{ flex: '1 1 240px' }}>{a.message}</div>
              {a.action && (
                // Neutral, not filled in the alert's colour: white text on orange or teal reads at
                // 3:1, below the 4.5:1 small text needs.
                <Button size="xs" variant="default" onClick={a.action.onClick}>
                  {a.action.label}
                </Button>
              )}
            </Group>
          </Alert>
        );
      })}
    </Stack>
  );
}
