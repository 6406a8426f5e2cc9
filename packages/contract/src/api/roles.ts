import { z } from 'zod';

/**
 * The roles of a member in an environment (issue 29 item 1). Inhaber: everything, including
 * managing owners; Administrator: settings, data structures, users except owners; Mitarbeiter:
 * records and modules; Nur lesen: sees what a Mitarbeiter sees, changes nothing; Steuerberater:
 * reads records, frozen documents and exports, changes nothing.
 */
export const roles = ['owner', 'admin', 'staff', 'readonly', 'advisor'] as const;
export type Role = (typeof roles)[number];
export const roleSchema = z.enum(roles);

/** How many rights a role has, to compare two members: nobody acts on someone with more. */
export const roleRank: Readonly<Record<Role, number>> = { owner: 4, admin: 3, staff: 2, readonly: 1, advisor: 1 };

/** The roles that manage members (users settings). */
export const managesMembers = (role: Role): boolean => role === 'owner' || role === 'admin';

/**
 * Whether `actor` may change `target`'s access (deactivate, reactivate, give another role):
 * members' managers only, and never someone with more rights than themselves.
 */
export const mayChangeMember = (actor: Role, target: Role): boolean =>
  managesMembers(actor) && roleRank[actor] >= roleRank[target];

/** Whether `actor` may give `role` to someone: no role above their own. */
export const mayGiveRole = (actor: Role, role: Role): boolean =>
  managesMembers(actor) && roleRank[role] <= roleRank[actor];

/**
 * What a call needs (issue 29 item 3), declared by every environment call where it is bound:
 * `read` sees the environment (every role); `records` creates and changes records and module
 * content (Mitarbeiter and above); `settings` changes settings, data structures, the portal and
 * the website's setup; `members` manages members and invitations (owners and administrators,
 * within the role rules); `owner` is the owner's alone.
 */
export const permissions = ['read', 'records', 'settings', 'members', 'owner'] as const;
export type Permission = (typeof permissions)[number];

export const rolePermissions: Readonly<Record<Role, ReadonlySet<Permission>>> = {
  owner: new Set(permissions),
  admin: new Set(['read', 'records', 'settings', 'members']),
  staff: new Set(['read', 'records']),
  readonly: new Set(['read']),
  advisor: new Set(['read']),
};

export const mayDo = (role: Role, permission: Permission): boolean => rolePermissions[role].has(permission);

/** The catalog key of each role's name ('Inhaber', 'Administrator' …), for lists, selects and the history. */
export const roleLabelKeys = {
  owner: 'settings.roleOwner',
  admin: 'settings.roleAdmin',
  staff: 'settings.roleStaff',
  readonly: 'settings.roleReadonly',
  advisor: 'settings.roleAdvisor',
} as const satisfies Record<Role, string>;
