import type { ListModel, SimpleTableData, simpleTableBody } from '@kontor/contract/api/records';
import type { Role } from '@kontor/contract/api/roles';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import type { z } from 'zod';
import type { EnvScope } from '../db/env-scope';
import type { OneTrip } from '../http/one-trip';

export type ListModelRequest = Readonly<{
  scope: EnvScope;
  body: z.output<typeof simpleTableBody>;
  t: Translate;
  now: Date;
  /** The environment's last config update: the key of its cached record types. */
  configUpdatedAt: Date;
  /** The member's role: whose rights on record types apply (issue 29 item 2). */
  role: Role;
}>;

/** One page of a model's rows for simpletable/data. */
type ListModelSource = (request: ListModelRequest) => Promise<SimpleTableData>;

/**
 * A model's page as a one-trip read (Database.readOpened), built before the guard has decided, for
 * the environment the process last saw behind the call's slug. Undefined where it cannot be
 * written yet (nothing cached); the usual path then answers.
 */
type ListModelOneTrip = (
  expectedEnvId: string,
  body: z.output<typeof simpleTableBody>,
) => OneTrip<SimpleTableData> | undefined;

const sources = new Map<ListModel, ListModelSource>();
const oneTrips = new Map<ListModel, ListModelOneTrip>();

/**
 * The models simpletable/data can list (CLARIFICATIONS "Generic lists"). A feature registers its
 * models once (records: DynamicRecord; environments: EnvironmentUser and the invitations; query
 * forms will add QueryForm), so the generic list call never needs to know them.
 */
export const registerListModel = (model: ListModel, source: ListModelSource, oneTrip?: ListModelOneTrip): void => {
  if (sources.has(model)) throw new Error(`list model ${model} is registered twice`);
  sources.set(model, source);
  if (oneTrip) oneTrips.set(model, oneTrip);
};

/** The registered source of a model, or undefined. */
export const listModelSource = (model: ListModel): ListModelSource | undefined => sources.get(model);

/** The one-trip read of a model's page, where the model has one. */
export const listModelOneTrip = (model: ListModel): ListModelOneTrip | undefined => oneTrips.get(model);
