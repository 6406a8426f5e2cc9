import { mayDo, type Role } from '../api/roles';
import type { RoleTypeAccess, TypeAccess, TypeAccessRole, TypeRights } from '../api/type-access';

/**
 * A member's rights on one record type (issue 29 item 2): owners and administrators everything;
 * the roles below them what the type stores for them, or the default; and never a write without
 * the role's `records` permission (Nur lesen and Steuerberater change nothing).
 */

const everything: TypeRights = { read: true, create: true, edit: true, delete: true, stages: null };

/** Presets where a type stores nothing: Mitarbeiter work with records, the others read them. */
export const typeAccessDefaults: Readonly<Record<TypeAccessRole, RoleTypeAccess>> = {
  staff: { read: true, create: true, edit: true, delete: true },
  readonly: { read: true, create: false, edit: false, delete: false, stages: [] },
  advisor: { read: true, create: false, edit: false, delete: false, stages: [] },
};

/** A role's stored or default access on a type. */
export const roleTypeAccess = (access: TypeAccess | undefined, role: TypeAccessRole): RoleTypeAccess =>
  access?.[role] ?? typeAccessDefaults[role];

export const typeRightsFor = (type: { access?: TypeAccess | undefined }, role: Role): TypeRights => {
  if (role === 'owner' || role === 'admin') return everything;
  const stored = roleTypeAccess(type.access, role);
  const writes = mayDo(role, 'records');
  return {
    read: stored.read,
    // Writing a record one may not read would be writing blind: every write needs read too.
    create: writes && stored.read && stored.create,
    edit: writes && stored.read && stored.edit,
    delete: writes && stored.read && stored.delete,
    stages: writes && stored.read ? (stored.stages ?? null) : [],
  };
};

/** Whether the rights allow moving a record into `stage`. */
export const mayEnterStage = (rights: TypeRights, stage: string): boolean =>
  rights.stages === null || rights.stages.includes(stage);
