import type { EnvironmentStatus } from '@kontor/contract/api/environments';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useCallback, useEffect, useMemo, useRef } from 'react';
import { useParams } from 'react-router';
import { configureApi, hasErrorCode, messageOf } from '../../api/api';
import { EnvironmentContext, type EnvironmentState } from '../../environment/environment-context';
import { translator } from '../../i18n/catalog-store';
import { I18nProvider } from '../../i18n/i18n';
import { alertBar } from '../../ui/alert-bar';
import { EnvironmentBlocked, EnvironmentInitError, EnvironmentLoading } from './environment-notice';
import { detailsQuery, type EnvironmentDetails, environmentKeys, judgeDetails } from './environments.queries';
import { ShellLayout } from './shell-layout';
import { type Beat, useHeartbeat } from './use-heartbeat';

const configUpdatedAlertId = 'environment-config-updated';

const newer = (candidate: string, than: string) => Date.parse(candidate) > Date.parse(than);

const detailsOf = (queryClient: QueryClient, envKey: string) =>
  queryClient.getQueryData<EnvironmentDetails>(environmentKeys.details(envKey));

/**
 * The heartbeat's consequences (spec 01 §4, §7): a changed status is applied (blocked shows the
 * blocked page, unblocked loads afresh), a configuration newer than the one this page works with
 * asks for a reload once per change, and a lost membership (403) ends in the initialisation error.
 * `baseline` is the configuration the page works with: quiet refreshes (dashboard polling) do not
 * move it, so their changes still ask for the reload that refreshes every other cache.
 */
const useEnvironmentHeartbeat = (envKey: string, enabled: boolean, baseline: RefObject<string | null>) => {
  const queryClient = useQueryClient();
  const warnedFor = useRef<string | null>(null);

  const setStatus = (status: EnvironmentStatus) =>
    queryClient.setQueryData<EnvironmentDetails>(environmentKeys.details(envKey), (d) =>
      d ? { ...d, environment: { ...d.environment, status } } : d,
    );

  const warn = (details: EnvironmentDetails, version: string) => {
    warnedFor.current = version;
    // The shell's language: this hook runs outside the shell's own I18nProvider.
    const t = translator(details.environment.default_language);
    alertBar.push({
      id: configUpdatedAlertId,
      kind: 'warning',
      message: t('shell.configUpdated'),
      dismissible: true,
      action: {
        label: t('shell.configUpdatedAction'),
        onClick: () => {
          alertBar.dismiss(configUpdatedAlertId);
          baseline.current = version;
          void queryClient.invalidateQueries({ queryKey: environmentKeys.all(envKey) });
        },
      },
    });
  };

  const onBeat = (beat: Beat) => {
    const details = detailsOf(queryClient, envKey);
    if (!details) return;
    const status = details.environment.status;
    if (beat.envStatus !== status) {
      if (status === 'blocked') void queryClient.refetchQueries({ queryKey: environmentKeys.details(envKey) });
      else setStatus(beat.envStatus);
    }
    const loaded = baseline.current ?? details.environment.last_config_update;
    if (newer(beat.envLastConfigUpdate, loaded) && warnedFor.current !== beat.envLastConfigUpdate) {
      warn(details, beat.envLastConfigUpdate);
    }
  };

  const onError = (error: unknown) => {
    // No longer an (active) member: loading again ends in the initialisation error.
    if (hasErrorCode(error, 'not_member', 'environment_blocked', 'environment_inactive', 'forbidden')) {
      void queryClient.resetQueries({ queryKey: environmentKeys.details(envKey) });
    }
  };

  useHeartbeat(envKey, enabled, onBeat, onError);
};

function ReadyShell({ value }: { value: EnvironmentState }) {
  const language = value.environment.default_language;
  useEffect(() => {
    configureApi({ language });
    return () => configureApi({ language: 'de_sie' });
  }, [language]);
  return (
    <I18nProvider language={language} fallback={<EnvironmentLoading />}>
      <EnvironmentContext.Provider value={value}>
        <ShellLayout />
      </EnvironmentContext.Provider>
    </I18nProvider>
  );
}

function ShellFor({ envKey }: { envKey: string }) {
  const queryClient = useQueryClient();
  const details = useQuery(detailsQuery(envKey));
  const data = details.data;
  const verdict = judgeDetails(data);
  const baseline = useRef<string | null>(null);
  if (data && baseline.current === null) baseline.current = data.environment.last_config_update;

  // An explicit reload (after a settings change) adopts the configuration it loaded.
  const reload = useCallback(async () => {
    await queryClient.refetchQueries({ queryKey: environmentKeys.details(envKey), exact: true });
    const fresh = detailsOf(queryClient, envKey);
    if (fresh) baseline.current = fresh.environment.last_config_update;
  }, [queryClient, envKey]);

  useEnvironmentHeartbeat(envKey, data !== undefined && verdict !== 'invalid', baseline);

  // Leaving the environment takes its alerts along.
  useEffect(() => () => alertBar.clear(), []);

  const value = useMemo<EnvironmentState | null>(
    () =>
      data && verdict === 'ready'
        ? {
            envKey,
            environment: data.environment,
            recordTypes: data.dynamicRecordsTypes,
            filemanagerDir: data.filemanagerDir,
            canEdit: data.environment.status === 'active' && data.environmentUser.permissions.includes('records'),
            role: data.environmentUser.role,
            permissions: new Set(data.environmentUser.permissions),
            taxes: data.environment.taxes,
            reload,
          }
        : null,
    [data, verdict, envKey, reload],
  );

  if (value) return <ReadyShell value={value} />;
  if (details.isPending) return <EnvironmentLoading />;
  if (data && verdict === 'blocked') {
    return (
      <I18nProvider language={data.environment.default_language} fallback={<EnvironmentLoading />}>
        <EnvironmentBlocked name={data.environment.name} />
      </I18nProvider>
    );
  }
  return (
    <EnvironmentInitError
      message={details.isError ? messageOf(details.error, '') || undefined : undefined}
      onRetry={() => void details.refetch()}
      retrying={details.isFetching}
    />
  );
}

/** Spec 01 §2 "Environment shell" at /env/:env; a new key starts afresh. */
export function EnvironmentShell() {
  const { env = '' } = useParams();
  return <ShellFor key={env} envKey={env} />;
}
