import type { RecordType, RecordTypeSummary } from '@kontor/contract/api/record-types';
import type { Role } from '@kontor/contract/api/roles';
import type { TypeRights } from '@kontor/contract/api/type-access';
import type { MessageKey, Translate } from '@kontor/contract/i18n/catalogs';
import { mayEnterStage, typeRightsFor } from '@kontor/contract/logic/type-access';
import { AppError } from '../http/errors';
import { requireType, type TypeCatalog } from './record-types.service';

/**
 * Who works with records (issue 29 item 2): a member with a role, whose rights per type the type
 * decides, or the product itself ('system': public pages, the portal, imports a member started
 * under their own check), which is bound by no role. Every context that reaches records names it.
 */
export type RecordActor = Role | 'system';

const all: TypeRights = { read: true, create: true, edit: true, delete: true, stages: null };

export const rightsOn = (type: RecordType, actor: RecordActor): TypeRights =>
  actor === 'system' ? all : typeRightsFor(type, actor);

type TypeRight = 'read' | 'create' | 'edit' | 'delete';

const refusal: Record<TypeRight, MessageKey> = {
  read: 'records.noRightRead',
  create: 'records.noRightCreate',
  edit: 'records.noRightEdit',
  delete: 'records.noRightDelete',
};

type AccessContext = Readonly<{ types: TypeCatalog; t: Translate; actor: RecordActor }>;

/** The type of `key`, if the actor has `right` on its records: 404 for no such type, 403 without the right. */
export const requireTypeRight = (ctx: AccessContext, key: string, right: TypeRight): RecordType => {
  const type = requireType(ctx.types, key, ctx.t);
  checkTypeRight(ctx, type, right);
  return type;
};

export const checkTypeRight = (ctx: Omit<AccessContext, 'types'>, type: RecordType, right: TypeRight): void => {
  if (!rightsOn(type, ctx.actor)[right]) {
    throw new AppError('forbidden', { message: ctx.t(refusal[right], { plural: type.plural }) });
  }
};

/** 403 unless the actor may move a record of the type into `stage`. */
export const checkStageRight = (ctx: Omit<AccessContext, 'types'>, type: RecordType, stage: string): void => {
  if (!mayEnterStage(rightsOn(type, ctx.actor), stage)) {
    const name = type.stages.find((s) => s.key === stage)?.name ?? stage;
    throw new AppError('forbidden', { message: ctx.t('records.noRightStage', { stage: name }) });
  }
};

/** The types whose records the actor may read: what selectors and summaries offer. */
export const readableTypes = (types: TypeCatalog, actor: RecordActor): TypeCatalog =>
  actor === 'owner' || actor === 'admin' || actor === 'system'
    ? types
    : new Map([...types].filter(([, type]) => rightsOn(type, actor).read));

/**
 * environments/details' dynamicRecordsTypes: the environment's own (non-system) types the member
 * may read, each with the member's rights, so the sidebar and the lists offer no more (issue 29).
 */
export const typeSummaries = (types: TypeCatalog, role: Role): RecordTypeSummary[] =>
  [...readableTypes(types, role).values()]
    .filter((t) => !t.system)
    .map((t) => ({
      key: t.key,
      parent: t.parent,
      singular: t.singular,
      plural: t.plural,
      icon: t.icon ?? null,
      rights: rightsOn(t, role),
    }));
