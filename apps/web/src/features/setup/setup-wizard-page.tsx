import { setupStep1, setupStep2, setupStep3 } from '@kontor/contract/api/setup';
import { type Language, languageSchema } from '@kontor/contract/i18n/language';
import { setupProgress } from '@kontor/contract/logic/setup-progress';
import { Box, Button, Group, Loader, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api, messageOf } from '../../api/api';
import { I18nProvider, useT } from '../../i18n/i18n';
import { useDialogs } from '../../ui/confirm';
import { ErrorAlert } from '../../ui/error-alert';
import { Logo } from '../../ui/logo';
import { StatusPanel } from '../../ui/status-panel';
import { useFieldErrors } from '../../ui/use-field-errors';
import { finishStep, resumeStep, type SetupInit, setupInitQuery, wizardStepCount } from './setup.queries';
import {
  AddressForm,
  type AddressValues,
  BankForm,
  type BankValues,
  CompanyForm,
  type CompanyValues,
} from './setup-step-forms';
import classes from './setup-wizard.module.css';
import { WizardSteps } from './wizard-steps';

/** Spec 01 §4, §9: the wizard starts after 750 ms, each step after 100 ms (CSS), leaving takes 500 ms. */
const wizardStartMs = 750;
const wizardLeaveMs = 500;

/** The wizard's own frame: logo bar and a centred column, in the given language. */
function WizardFrame({
  language,
  leaving = false,
  children,
}: {
  language: Language;
  leaving?: boolean;
  children: ReactNode;
}) {
  return (
    <I18nProvider language={language}>
      <Box className={classes.root}>
        <header className={classes.header}>
          <Link to="/account" className={classes.logoLink}>
            <Logo height={28} />
          </Link>
        </header>
        <Box component="main" className={classes.column} data-leaving={leaving || undefined}>
          {children}
        </Box>
      </Box>
    </I18nProvider>
  );
}

const useElapsed = (ms: number): boolean => {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setElapsed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return elapsed;
};

/** Spec 01 §2 "Setup wizard" at /create-environment/setup/:envKey. */
export function SetupWizardPage() {
  const { envKey = '' } = useParams();
  const init = useQuery(setupInitQuery(envKey));
  const started = useElapsed(wizardStartMs);

  if (init.isError && !init.data) {
    return (
      <WizardFrame language="de_sie">
        <LoadFailed onRetry={() => void init.refetch()} retrying={init.isFetching} />
      </WizardFrame>
    );
  }
  if (!started || !init.data) {
    return (
      <WizardFrame language="de_sie">
        <Stack align="center" justify="center" mih={320} role="status">
          <Loader aria-hidden />
        </Stack>
      </WizardFrame>
    );
  }
  return <SetupWizard key={envKey} envKey={envKey} init={init.data} />;
}

function LoadFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const t = useT();
  return (
    <StatusPanel
      tone="error"
      title={t('setup.loadFailed')}
      actions={
        <Group justify="center" gap="sm">
          <Button variant="default" component={Link} to="/account">
            {t('common.back')}
          </Button>
          <Button onClick={onRetry} loading={retrying}>
            {t('common.retry')}
          </Button>
        </Group>
      }
    >
      {t('setup.loadFailedHint')}
    </StatusPanel>
  );
}

/** 'Abschließen' counts as reachable (done) once every form step is saved. */
const withFinish = (done: Set<number>): Set<number> => {
  if (Array.from({ length: finishStep }, (_, i) => i).every((i) => done.has(i))) done.add(finishStep);
  return done;
};

const initialDone = (completedSteps: number) =>
  withFinish(new Set(Array.from({ length: Math.min(completedSteps, finishStep) }, (_, i) => i)));

const languageOf = (value: string, fallback: Language): Language => {
  const parsed = languageSchema.safeParse(value);
  return parsed.success ? parsed.data : fallback;
};

/**
 * The wizard proper. It speaks the environment's saved language: formal German until step 1 has
 * saved another choice, so the chosen language applies from step 2 on.
 */
function SetupWizard({ envKey, init }: { envKey: string; init: SetupInit }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [language, setLanguage] = useState<Language>(init.environment.default_language);
  const [active, setActive] = useState(() => resumeStep(init.completedSteps));
  const [done, setDone] = useState<ReadonlySet<number>>(() => initialDone(init.completedSteps));
  const [leaving, setLeaving] = useState(false);
  const [company, setCompany] = useState<CompanyValues>({
    name: init.environment.name,
    default_dateformat: init.environment.default_dateformat,
    default_currency: init.environment.default_currency,
    default_language: init.environment.default_language,
  });
  const { invoice_country, ...address0 } = init.defaultAddressInvoice;
  const [address, setAddress] = useState<AddressValues>(address0);
  const [bank, setBank] = useState<BankValues>(init.defaultBankDetails);
  const errors = useFieldErrors();

  const save = useMutation({
    mutationFn: async (step: number) => {
      if (step === 0) await api.call(setupStep1, { _env: envKey, ...company });
      else if (step === 1) await api.call(setupStep2, { _env: envKey, ...address, invoice_country });
      else await api.call(setupStep3, { _env: envKey, ...bank });
    },
    onMutate: () => errors.reset(),
    onError: errors.fromError,
    onSuccess: (_, step) => {
      if (step === 0) {
        setLanguage((current) => languageOf(company.default_language, current));
        // The name shows in the environment list: stale now, fetched again where it is shown.
        void queryClient.invalidateQueries({ refetchType: 'none' });
      }
      setDone((current) => withFinish(new Set(current).add(step)));
      setActive(step + 1);
    },
  });

  const goTo = (step: number) => {
    save.reset();
    errors.reset();
    setActive(step);
  };

  const leave = (to: string) => {
    setLeaving(true);
    setTimeout(() => navigate(to), wizardLeaveMs);
  };

  return (
    <WizardFrame language={language} leaving={leaving}>
      <WizardBody
        envName={company.name || init.environment.name}
        active={leaving && active === finishStep ? wizardStepCount : active}
        done={done}
        onSelect={goTo}
        onCancel={() => leave('/')}
        onFinish={() => leave(`/env/${encodeURIComponent(envKey)}`)}
        onSubmit={() => save.mutate(active)}
        saving={save.isPending}
        saveError={save.isError ? save.error : null}
      >
        {active === 0 && (
          <CompanyForm
            values={company}
            onChange={(key, value) => {
              setCompany((v) => ({ ...v, [key]: value }));
              errors.clear(key);
            }}
            error={errors.get}
          />
        )}
        {active === 1 && (
          <AddressForm
            values={address}
            onChange={(key, value) => {
              setAddress((v) => ({ ...v, [key]: value }));
              errors.clear(key);
            }}
            error={errors.get}
          />
        )}
        {active === 2 && (
          <BankForm
            values={bank}
            onChange={(key, value) => {
              setBank((v) => ({ ...v, [key]: value }));
              errors.clear(key);
            }}
            error={errors.get}
          />
        )}
      </WizardBody>
    </WizardFrame>
  );
}

type WizardBodyProps = Readonly<{
  envName: string;
  /** Step index; past the last while leaving after the end (the bar then shows 100 %). */
  active: number;
  done: ReadonlySet<number>;
  onSelect: (step: number) => void;
  onCancel: () => void;
  onFinish: () => void;
  onSubmit: () => void;
  saving: boolean;
  saveError: unknown;
  children: ReactNode;
}>;

const stepTitles = ['setup.step1', 'setup.step2', 'setup.step3'] as const;
const stepIntros = ['setup.step1Intro', 'setup.step2Intro', 'setup.step3Intro'] as const;

function WizardBody(p: WizardBodyProps) {
  const t = useT();
  const dialogs = useDialogs();
  const content = useRef<HTMLDivElement>(null);
  const progress = Math.round(setupProgress(p.active, wizardStepCount));
  const step = Math.min(p.active, finishStep);
  const finished = step === finishStep;

  // A new step starts at the top with its first field focused; on touch screens its heading, so
  // the keyboard does not pop up uninvited.
  const firstStep = useRef(true);
  useEffect(() => {
    if (!firstStep.current) window.scrollTo?.({ top: 0, behavior: 'smooth' });
    firstStep.current = false;
    const finePointer = window.matchMedia?.('(pointer: fine)').matches ?? true;
    const target = finePointer ? 'input, select, [data-primary]' : '[data-step-heading]';
    content.current?.querySelector<HTMLElement>(target)?.focus({ preventScroll: true });
  }, [step]);

  const cancel = async () => {
    const yes = await dialogs.confirm({
      title: t('setup.cancelTitle'),
      text: t('setup.cancelQuestion'),
      confirmLabel: t('setup.cancelConfirm'),
      cancelLabel: t('setup.cancelKeep'),
      danger: true,
    });
    if (yes) p.onCancel();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!p.saving) p.onSubmit();
  };

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('setup.title')}
        </Title>
        <Text c="dimmed">{t('setup.intro', { name: p.envName })}</Text>
      </Stack>
      <Group gap="sm" wrap="nowrap">
        <Progress
          value={progress}
          size="md"
          radius="xl"
          flex={1}
          aria-label={t('setup.progress')}
          className={classes.progress}
          transitionDuration={400}
        />
        <Text size="sm" fw={600} c="dimmed" w={40} ta="right" aria-hidden>
          {progress} %
        </Text>
      </Group>
      <WizardSteps
        steps={[
          ...stepTitles.map((title, i) => ({ label: t('setup.stepLabel', { n: i + 1 }), title: t(title) })),
          { title: t('setup.finish') },
        ]}
        active={step}
        done={p.done}
        onSelect={p.onSelect}
      />
      <Paper withBorder shadow="xs" radius="lg" p={{ base: 'lg', sm: 32 }}>
        <div key={step} ref={content} className={classes.stepContent}>
          {finished ? (
            <Stack align="center" ta="center" gap="md" py="md">
              <ThemeIcon size={64} radius="xl" variant="light" color="teal" aria-hidden>
                <IconCircleCheck size={34} stroke={1.7} />
              </ThemeIcon>
              <Title order={2} fz={22} tabIndex={-1} data-step-heading className={classes.stepHeading}>
                {t('setup.doneTitle')}
              </Title>
              <Text c="dimmed" maw={420}>
                {t('setup.doneText')}
              </Text>
              <Button size="md" mt="sm" onClick={p.onFinish} data-primary>
                {t('setup.toEnvironment')}
              </Button>
            </Stack>
          ) : (
            <form onSubmit={submit} noValidate>
              <Stack gap="lg">
                <Stack gap={4}>
                  {/* Spec 01 §2 names each step 'Schritt 1 Firmeninformationen erfassen': one heading, read as one. */}
                  <Title order={2} fz={20} tabIndex={-1} data-step-heading className={classes.stepHeading}>
                    <Text component="span" display="block" size="sm" fw={700} c="indigo.7" mb={4}>
                      {t('setup.stepLabel', { n: step + 1 })}
                    </Text>{' '}
                    {t(stepTitles[step] ?? 'setup.step1')}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {t(stepIntros[step] ?? 'setup.step1Intro')}
                  </Text>
                </Stack>
                {p.saveError !== null && <ErrorAlert>{messageOf(p.saveError, t('setup.saveFailed'))}</ErrorAlert>}
                {p.children}
                <div className={classes.actions}>
                  <Button variant="subtle" color="gray" onClick={() => void cancel()} className={classes.cancel}>
                    {t('setup.cancel')}
                  </Button>
                  {step > 0 && (
                    <Button variant="default" onClick={() => p.onSelect(step - 1)} disabled={p.saving}>
                      {t('common.back')}
                    </Button>
                  )}
                  <Button type="submit" loading={p.saving}>
                    {t('setup.next')}
                  </Button>
                </div>
              </Stack>
            </form>
          )}
        </div>
      </Paper>
    </Stack>
  );
}
