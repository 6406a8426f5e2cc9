import { z } from 'zod';

/**
 * Permissions per record type (issue 29 item 2), stored as data on the type: for each role below
 * Administrator, whether it may read, create, edit and delete the type's records and which stages
 * it may move a record into. Owners and administrators may always do everything; a role without
 * the `records` permission (Nur lesen, Steuerberater) never writes, whatever is stored here.
 */

/** The roles a type's permissions are set for; owners and administrators are above them. */
export const typeAccessRoles = ['staff', 'readonly', 'advisor'] as const;
export type TypeAccessRole = (typeof typeAccessRoles)[number];

/** What a type lets one role do; `stages` absent: it may move a record into every stage. */
export const roleTypeAccessSchema = z.object({
  read: z.boolean(),
  create: z.boolean(),
  edit: z.boolean(),
  delete: z.boolean(),
  stages: z
    .array(
      z
        .string()
        .max(60)
        .regex(/^[A-Za-z][A-Za-z0-9_]*$/),
    )
    .max(50)
    .optional(),
});
export type RoleTypeAccess = z.infer<typeof roleTypeAccessSchema>;

/** A type's permissions; a role left out keeps the default (typeAccessDefaults). */
export const typeAccessSchema = z.object({
  staff: roleTypeAccessSchema.optional(),
  readonly: roleTypeAccessSchema.optional(),
  advisor: roleTypeAccessSchema.optional(),
});
export type TypeAccess = z.infer<typeof typeAccessSchema>;

/** What a member may do with one type's records, resolved from role and type (logic/type-access.ts). */
export const typeRightsSchema = roleTypeAccessSchema
  .pick({ read: true, create: true, edit: true, delete: true })
  .extend({
    /** The stages the member may move a record into; null: every stage. */
    stages: z.array(z.string()).nullable(),
  });
export type TypeRights = z.infer<typeof typeRightsSchema>;
