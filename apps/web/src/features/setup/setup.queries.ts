import { setupInit, setupStepCount } from '@kontor/contract/api/setup';
import type { DataOf } from '@kontor/contract/call';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/api';

export type SetupInit = DataOf<typeof setupInit>;

const setupKeys = { init: (env: string) => ['env', env, 'setup', 'init'] as const };

export const setupInitQuery = (env: string) =>
  queryOptions({
    queryKey: setupKeys.init(env),
    queryFn: ({ signal }) => api.call(setupInit, { _env: env }, { signal }),
    staleTime: 0,
    gcTime: 0,
  });

/** The form steps plus the final 'Abschließen' step (indexes 0 to 3). */
export const wizardStepCount = setupStepCount + 1;
export const finishStep = setupStepCount;

/** A half-finished wizard resumes at the first unsaved step; a finished one at 'Abschließen'. */
export const resumeStep = (completedSteps: number): number =>
  Math.min(Math.max(0, Math.trunc(completedSteps)), finishStep);
