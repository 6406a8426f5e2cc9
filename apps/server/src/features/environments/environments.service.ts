import type { EnvironmentCard, Invitation, Preset } from '@kontor/contract/api/environments';
import { dateFormats, envNameLimit } from '@kontor/contract/api/environments';
import { mayGiveRole, type Role, roleSchema } from '@kontor/contract/api/roles';
import { languageSchema, type Translate } from '@kontor/contract/i18n/catalogs';
import { isValidEmail, normalizeEmail } from '@kontor/contract/logic/email';
import { isValidSlug, slugify } from '@kontor/contract/logic/slug';
import type { Tx } from '../../db/client';
import { type EnvScope, enterEnv, trustedEnvId } from '../../db/env-scope';
import { isUuid, newId } from '../../db/ids';
import type { AppDeps } from '../../deps';
import type { PublicEnv, PublicEnvKey } from '../../http/access';
import { AppError } from '../../http/errors';
import type { AuthUser, EnvAccess } from '../../http/guards';
import { enqueueMail } from '../../mail/outbox.repo';
import { invitationMail } from '../../mail/templates';
import { findUserByEmail } from '../auth/auth.service';
import * as repo from './environments.repo';
import { findPreset, type PresetDefinition, presetDefinitions } from './presets';

/** The guard's view of an environment for one user, or null when the user is no member. */
export const envAccess = async (deps: AppDeps, userId: string, slug: string): Promise<EnvAccess | null> => {
  const row = await repo.findAccess(deps.database.db, userId, slug);
  return row ? toAccess(row) : null;
};

/** A key that cannot name an environment is not looked up (a stranger's 10 kB "slug" costs no query). */
const plausibleKey = (key: PublicEnvKey): boolean =>
  'envSlug' in key
    ? /^[a-z0-9-]{1,60}$/.test(key.envSlug)
    : 'portalSlug' in key
      ? isValidSlug(key.portalSlug)
      : 'host' in key
        ? key.host.length > 0 && key.host.length <= 253
        : isUuid(key.envId);

/** The environment behind a public page's address or a signed token (GuardLookups.publicEnv, issue 30). */
export const publicEnvironment = async (deps: AppDeps, key: PublicEnvKey): Promise<PublicEnv | null> => {
  if (!plausibleKey(key)) return null;
  const row = await repo.findPublic(deps.database.db, key);
  if (!row) return null;
  return {
    ...row,
    id: trustedEnvId(row.id),
    language: languageSchema.catch('de_sie').parse(row.language),
    functions: row.functions ?? {},
  };
};

const toAccess = (
  row: Omit<EnvAccess, 'id' | 'language' | 'dateFormat' | 'role'> & {
    id: string;
    language: string;
    dateFormat: string;
    role: string | null;
  },
): EnvAccess => {
  const language = languageSchema.safeParse(row.language);
  const role = roleSchema.safeParse(row.role);
  return {
    ...row,
    id: trustedEnvId(row.id),
    language: language.success ? language.data : 'de_sie',
    dateFormat: dateFormats.find((f) => f === row.dateFormat) ?? 'DD.MM.YYYY',
    // An unknown role (none can be stored: a check constraint) would get the fewest rights.
    role: role.success ? role.data : 'readonly',
  };
};

/** A row of the guard's read (`kontor.session_opening`) as the guard's view, or null without a live session of an active user. */
const sessionUserAndAccessOf = (
  row: Record<string, unknown> | undefined,
): { user: AuthUser; env: EnvAccess | null } | null => {
  if (row?.user_active !== true) return null;
  const user: AuthUser = {
    id: String(row.user_id),
    email: String(row.email),
    firstname: String(row.firstname),
    name: String(row.user_name),
    isActive: true,
    passwordChangedAt: row.password_changed_at instanceof Date ? row.password_changed_at : null,
    createdAt: new Date(row.user_created_at as Date | string),
  };
  const env =
    row.env_id != null && row.member_active != null
      ? toAccess({
          id: String(row.env_id),
          slug: String(row.url_slug),
          name: String(row.env_name),
          status: row.status as EnvAccess['status'],
          language: String(row.default_language),
          dateFormat: String(row.default_dateformat),
          configUpdatedAt: new Date(row.config_updated_at as Date | string),
          memberActive: row.member_active === true,
          role: row.member_role == null ? null : String(row.member_role),
        })
      : null;
  return { user, env };
};

/** Session, user and environment access in one read (the guard of calls without a tenant transaction). */
export const userWithEnv = async (
  deps: AppDeps,
  tokenHash: string,
  slug: string,
): Promise<{ user: AuthUser; env: EnvAccess | null } | null> =>
  sessionUserAndAccessOf(await repo.findSessionUserAndAccess(deps.database.db, tokenHash, slug, deps.now()));

/** `userWithEnv` as the opening read of the request's tenant transaction (one round trip with BEGIN). */
export const userWithEnvOpening = (deps: AppDeps, tokenHash: string, slug: string) => ({
  sql: repo.sessionUserAndAccessOpeningSql(tokenHash, slug, deps.now()),
  read: sessionUserAndAccessOf,
});

/** Keeps the presets table equal to the definitions in code (run on start). */
export const syncPresets = async (deps: AppDeps): Promise<void> => {
  for (const [sort, p] of presetDefinitions.entries()) {
    await repo.upsertPreset(deps.database.db, {
      key: p.key,
      title: p.title,
      description: p.description,
      definition: p,
      sort,
    });
  }
};

export const listPresets = async (deps: AppDeps): Promise<Preset[]> =>
  (await repo.listPresets(deps.database.db)).map((p) => ({ key: p.key, title: p.title, description: p.description }));

export const listEnvironments = async (deps: AppDeps, user: AuthUser): Promise<EnvironmentCard[]> =>
  (await repo.listForUser(deps.database.db, user.id)).map((e) => ({
    _id: e.id,
    name: e.name,
    url_slug: e.urlSlug,
    logo_url: null,
    users_count: Number(e.usersCount),
    status: e.status,
  }));

/** Every environment's id: for system jobs that visit each tenant (maintenance). */
export const environmentIds = async (deps: AppDeps): Promise<string[]> =>
  (await repo.listAll(deps.database.db)).map((e) => e.id);

/** Hooks other features register to fill a new environment (record types, demo records …). */
export type { PresetDefinition } from './presets';

/** Fills a new environment inside its creating transaction; `t` speaks the creating request's language. */
type EnvironmentSeeder = (scope: EnvScope, preset: PresetDefinition, now: Date, t: Translate) => Promise<void>;
const seeders = new Set<EnvironmentSeeder>();
export const onEnvironmentCreated = (seeder: EnvironmentSeeder): void => {
  seeders.add(seeder);
};

/**
 * Inserts the environment under the first free slug of its name: "Müller GmbH" becomes
 * mueller-gmbh, then mueller-gmbh-2 … Creations of the same name at the same time each get
 * their own slug (the unique index decides, never a check-then-insert race).
 */
const insertWithUniqueSlug = async (tx: Tx, name: string, row: Omit<repo.NewEnvironment, 'urlSlug'>) => {
  const base = slugify(name);
  // One read of the slugs taken so far (probing slug after slug made the 1,000th "Test GmbH" wait
  // 1,000 queries); a creation that takes the chosen slug meanwhile only makes us read again.
  const numbered = (n: number) => (n === 1 ? base : `${base}-${n}`);
  for (;;) {
    const taken = await repo.takenSlugs(tx, base);
    let n = 1;
    while (taken.has(numbered(n))) n++;
    const env = await repo.insertEnvironmentIfSlugFree(tx, { ...row, urlSlug: numbered(n) });
    if (env) return env;
  }
};

export const createEnvironment = async (
  deps: AppDeps,
  t: Translate,
  user: AuthUser,
  body: { name: string; preset: string },
): Promise<{ environment: { url_slug: string; name: string } }> => {
  const name = body.name.trim();
  const presetKey = body.preset.trim();
  const preset = findPreset(presetKey);
  const errors: Record<string, string[]> = {};
  if (!name) errors.names = [t('account.envNameRequired')];
  else if (name.length > envNameLimit) errors.names = [t('common.fieldTooLong', { n: envNameLimit })];
  if (!presetKey) errors.preset = [t('account.presetRequired')];
  else if (!preset) errors.preset = [t('account.presetUnknown')];
  if (Object.keys(errors).length > 0 || !preset)
    throw new AppError('invalid', { message: t('common.invalidInput'), errors });

  const env = await deps.database.db.transaction(async (tx) => {
    const row = await insertWithUniqueSlug(tx, name, {
      id: newId(),
      name,
      status: 'active',
      preset: preset.key,
      functions: preset.functions,
      menu: preset.menu,
      createdBy: user.id,
      configUpdatedAt: deps.now(),
    });
    // The creator of an environment is its owner (issue 29).
    await repo.upsertMember(tx, row.id, user.id, 'owner');
    const scope = await enterEnv(tx, trustedEnvId(row.id), user.id);
    for (const seed of seeders) await seed(scope, preset, deps.now(), t);
    return row;
  });
  return { environment: { url_slug: env.urlSlug, name: env.name } };
};

export const listInvitations = async (deps: AppDeps, user: AuthUser): Promise<Invitation[]> =>
  (await repo.pendingInvitationsFor(deps.database.db, user.email, deps.now())).map((i) => ({
    _id: i.id,
    environment: { name: i.envName },
    created_at: i.createdAt.toISOString(),
    created_by: { firstname: i.inviterFirstname ?? '', name: i.inviterName ?? '' },
  }));

export const acceptInvitation = async (
  deps: AppDeps,
  t: Translate,
  user: AuthUser,
  id: string,
): Promise<{ url_slug: string }> =>
  deps.database.db.transaction(async (tx) => {
    const invitation = isUuid(id) ? await repo.findPendingInvitation(tx, id, user.email, deps.now()) : undefined;
    if (!invitation) throw new AppError('not_found', { message: t('account.invitationUnknown') });
    await repo.respondToInvitation(tx, invitation.id, 'accepted', deps.now());
    // The invitation names the role (issue 29 item 4); the live check made sure its inviter may still give it.
    await repo.upsertMember(tx, invitation.envId, user.id, invitation.role);
    return { url_slug: invitation.slug };
  });

export const declineInvitation = async (deps: AppDeps, t: Translate, user: AuthUser, id: string): Promise<void> => {
  const { db } = deps.database;
  const invitation = isUuid(id) ? await repo.findPendingInvitation(db, id, user.email, deps.now()) : undefined;
  if (!invitation) throw new AppError('not_found', { message: t('account.invitationUnknown') });
  await repo.respondToInvitation(db, invitation.id, 'declined', deps.now());
};

const invitationLifetimeMs = 14 * 24 * 60 * 60_000;
/** Invitation mails a day, per inviting account (all environments) and per environment. */
const invitationCaps = { perSender: 20, perEnvironment: 50 } as const;
/** The same invitation is re-sent at most this often: one address cannot be flooded. */
const invitationResendPauseMs = 10 * 60_000;

/**
 * Invites an address into the scope's environment with the role the invitee gets (issue 29 item
 * 4): no role above the inviter's own. Inviting the same address again re-sends the mail (with a
 * fresh lifetime and the role asked for this time) instead of stacking invitations.
 */
export const inviteUser = async (
  deps: AppDeps,
  scope: EnvScope,
  invitation: { inviter: AuthUser; inviterRole: Role; email: string; role: Role },
  te: Translate,
): Promise<string> => {
  const { inviter, role } = invitation;
  const tx = scope.tx;
  const email = normalizeEmail(invitation.email);
  if (!email || !isValidEmail(email)) {
    throw new AppError('invalid', { message: te('common.invalidInput'), errors: { email: [te('auth.emailInvalid')] } });
  }
  if (!mayGiveRole(invitation.inviterRole, role)) {
    throw new AppError('forbidden', { message: te('settings.roleAboveOwn') });
  }
  const env = await repo.findById(tx, scope.envId);
  if (!env) throw new AppError('not_found', { message: te('environments.unknown') });
  const invitee = await findUserByEmail(tx, email);
  const member = invitee ? await repo.findMember(tx, scope.envId, invitee.id) : undefined;
  if (member?.isActive) {
    throw new AppError('conflict', {
      message: te('environments.alreadyMember'),
      errors: { email: [te('environments.alreadyMember')] },
    });
  }
  const now = deps.now();
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000);
  const sent = await repo.countInvitationsSent(tx, scope.envId, inviter.id, dayAgo);
  if (sent.bySender >= invitationCaps.perSender || sent.inEnv >= invitationCaps.perEnvironment) {
    throw new AppError('rate_limited', { message: te('environments.invitationLimit') });
  }
  const expiresAt = new Date(now.getTime() + invitationLifetimeMs);
  const pending = await repo.findPendingInvitationByEmail(tx, scope.envId, email);
  if (pending) {
    const wait = pending.lastSentAt.getTime() + invitationResendPauseMs - now.getTime();
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      throw new AppError('rate_limited', {
        message: te('common.rateLimited', { seconds }),
        retryAfterSeconds: seconds,
      });
    }
    await repo.renewInvitation(
      tx,
      { envId: scope.envId, id: pending.id },
      { sender: inviter.id, role, now, expiresAt },
    );
  } else {
    await repo.insertInvitation(tx, {
      envId: scope.envId,
      id: newId(),
      email,
      role,
      createdBy: inviter.id,
      createdAt: now,
      lastSentAt: now,
      expiresAt,
    });
  }
  const appUrl = deps.config.appUrl;
  await enqueueMail(
    tx,
    invitationMail('de_sie', {
      to: email,
      envName: env.name,
      inviter: `${inviter.firstname} ${inviter.name}`.trim(),
      registered: Boolean(invitee),
      link: invitee ? `${appUrl}/account` : `${appUrl}/register?email=${encodeURIComponent(email)}`,
    }),
    deps.now(),
  );
  deps.mail.nudge();
  return te('environments.inviteSent', { email });
};

/** Withdraws a pending invitation of the scope's environment (spec 02 §4 "Invitation (settings)"). */
export const removeInvitation = async (scope: EnvScope, id: string, now: Date, te: Translate): Promise<string> => {
  if (!isUuid(id) || !(await repo.removeInvitation(scope.tx, scope.envId, id, now))) {
    throw new AppError('not_found', { message: te('account.invitationUnknown') });
  }
  return te('environments.invitationRemoved');
};

/** Changes an environment's settings; config changes move last-config-update (the reload warning). */
export const updateEnvironmentSettings = async (
  scope: EnvScope,
  changes: Partial<repo.NewEnvironment>,
  now: Date,
  configChange: boolean,
): Promise<void> => {
  await repo.updateEnvironment(scope.tx, scope.envId, configChange ? { ...changes, configUpdatedAt: now } : changes);
};

export const environmentById = (scope: EnvScope) => repo.findById(scope.tx, scope.envId);

/**
 * An environment by its url_slug for public pages (no member, no session): the caller shows only
 * what its page may show and checks status and modules itself.
 */
