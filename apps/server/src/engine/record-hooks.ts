import type { RecordType } from '@kontor/contract/api/record-types';
import type { FieldErrors } from '@kontor/contract/call';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import type { EnvScope } from '../db/env-scope';

/** What every hook is told: the tenant scope (its transaction), the request's time and language, the type. */
type HookBase = Readonly<{
  scope: EnvScope;
  type: RecordType;
  t: Translate;
  /** The request's time; absent while seeding an environment (no request, no side effects). */
  now: Date;
}>;

/** Before a save is written: may add field errors (the save is then refused) or amend `data`. */
type BeforeSave = (
  hook: HookBase & { id: string | null; data: Record<string, unknown>; errors: FieldErrors },
) => Promise<void> | void;
/** After a record was written, in the same transaction. */
type AfterSave = (
  hook: HookBase & { id: string; created: boolean; data: Record<string, unknown> },
) => Promise<void> | void;
/** Before a record is removed: may throw to refuse the removal (a frozen document). */
type BeforeRemove = (hook: HookBase & { id: string }) => Promise<void> | void;
/** After a record was removed, in the same transaction. */
type AfterRemove = (hook: HookBase & { id: string }) => Promise<void> | void;

/**
 * While a new record's form is loaded: may fill defaults that depend on the environment (its
 * standard tax rate) into `values`, which start as the type's static field defaults.
 */
type NewValues = (
  hook: Readonly<{ scope: EnvScope; type: RecordType; values: Record<string, unknown> }>,
) => Promise<void> | void;

const beforeSave: BeforeSave[] = [];
const newValues: NewValues[] = [];
const afterSave: AfterSave[] = [];
const beforeRemove: BeforeRemove[] = [];
const afterRemove: AfterRemove[] = [];

/**
 * The records service's hooks: features hang their rules onto saves and removals (the environment's
 * configuration, stages, freezing, audit, query-form answers) instead of the engine knowing them.
 * Registered once per process, when the feature's `*.record-hooks.ts` module is imported (app.ts).
 */
export const recordHooks = {
  beforeSave: (hook: BeforeSave): void => {
    beforeSave.push(hook);
  },
  afterSave: (hook: AfterSave): void => {
    afterSave.push(hook);
  },
  beforeRemove: (hook: BeforeRemove): void => {
    beforeRemove.push(hook);
  },
  afterRemove: (hook: AfterRemove): void => {
    afterRemove.push(hook);
  },
  newValues: (hook: NewValues): void => {
    newValues.push(hook);
  },
};

export const runBeforeSave = async (hook: Parameters<BeforeSave>[0]): Promise<void> => {
  for (const run of beforeSave) await run(hook);
};
export const runAfterSave = async (hook: Parameters<AfterSave>[0]): Promise<void> => {
  for (const run of afterSave) await run(hook);
};
export const runBeforeRemove = async (hook: Parameters<BeforeRemove>[0]): Promise<void> => {
  for (const run of beforeRemove) await run(hook);
};
export const runAfterRemove = async (hook: Parameters<AfterRemove>[0]): Promise<void> => {
  for (const run of afterRemove) await run(hook);
};
export const runNewValues = async (hook: Parameters<NewValues>[0]): Promise<void> => {
  for (const run of newValues) await run(hook);
};
