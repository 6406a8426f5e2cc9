import { z } from 'zod';
import { call, id, noBody } from '../call';

export const environmentStatuses = ['active', 'blocked', 'inactive'] as const;
export const environmentStatusSchema = z.enum(environmentStatuses);
export type EnvironmentStatus = z.infer<typeof environmentStatusSchema>;

/** A card of the environment selection (spec 01 §2, /account). */
export const environmentCardSchema = z.object({
  _id: z.string(),
  name: z.string(),
  url_slug: z.string(),
  logo_url: z.string().nullable(),
  users_count: z.number().int(),
  status: environmentStatusSchema,
});
export type EnvironmentCard = z.infer<typeof environmentCardSchema>;

export const presetSchema = z.object({ key: z.string(), title: z.string(), description: z.string() });
export type Preset = z.infer<typeof presetSchema>;

/** The template choice 'none' creates an empty environment. */
export const noPreset = 'none';

export const invitationSchema = z.object({
  _id: z.string(),
  environment: z.object({ name: z.string() }),
  created_at: z.string(),
  created_by: z.object({ firstname: z.string(), name: z.string() }),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const listEnvironments = call('/api/environments/list', {
  body: noBody,
  data: z.array(environmentCardSchema),
});

export const listPresets = call('/api/environments/presets', { body: noBody, data: z.array(presetSchema) });

export const envNameLimit = 100;

export const createEnvironment = call('/api/environments/create', {
  body: z.object({ name: z.string().max(envNameLimit * 2), preset: z.string().max(60) }),
  data: z.object({ environment: z.object({ url_slug: z.string(), name: z.string() }) }),
});

export const listInvitations = call('/api/environments/user-invitations', {
  body: noBody,
  data: z.array(invitationSchema),
});

export const acceptInvitation = call('/api/environments/user-invitations/accept', {
  body: z.object({ id }),
  data: z.object({ url_slug: z.string() }),
});

export const declineInvitation = call('/api/environments/user-invitations/decline', {
  body: z.object({ id }),
  data: z.undefined(),
});

/** Spec 02 §2.2: invite a user by e-mail (settings → users). */
export const inviteUser = call('/api/environments/users-invite', {
  body: z.object({ _env: z.string(), email: z.string().trim().max(254) }),
  data: z.undefined(),
});
