import { randomBytes } from 'node:crypto';
import type { SessionUser } from '@kontor/contract/api/auth';
import type { FieldErrors } from '@kontor/contract/call';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import { commonPasswords } from '@kontor/contract/logic/common-passwords';
import { isValidEmail, normalizeEmail } from '@kontor/contract/logic/email';
import { passwordPolicyMinLength, passwordProblem } from '@kontor/contract/logic/password-policy';
import { isUuid } from '../../db/ids';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { type AuthUser, hashToken } from '../../http/guards';
import { enqueueMail } from '../../mail/outbox.repo';
import { activationMail, alreadyRegisteredMail, resetMail } from '../../mail/templates';
import * as repo from './auth.repo';
import type { PendingRegistration } from './auth.table';
import type { LoginLimiter } from './login-limiter';
import { dummyVerify, hashPassword, verifyPassword } from './passwords';

const day = 24 * 60 * 60_000;
const sessionLifetimeMs = 30 * day;
const activationLifetimeMs = 7 * day;
const resetLifetimeMs = 60 * 60_000;

/** 256 random bits, URL-safe: for bearer tokens and mail links. */
const newSecret = (): string => randomBytes(32).toString('base64url');

export const toSessionUser = (u: repo.UserRow | AuthUser): SessionUser => ({
  _id: u.id,
  email: u.email,
  firstname: u.firstname,
  name: u.name,
  is_active: u.isActive,
  password_changed_at: u.passwordChangedAt?.toISOString() ?? null,
  created_at: u.createdAt.toISOString(),
});

const toAuthUser = (u: repo.UserRow): AuthUser => ({
  id: u.id,
  email: u.email,
  firstname: u.firstname,
  name: u.name,
  isActive: u.isActive,
  passwordChangedAt: u.passwordChangedAt,
  createdAt: u.createdAt,
});

/** An account may act only when activated and not disabled by an operator. */
const canSignIn = (u: Pick<repo.UserRow, 'isActive' | 'disabledAt'>) => u.isActive && !u.disabledAt;

export const userBySessionHash = async (deps: AppDeps, tokenHash: string): Promise<AuthUser | null> => {
  const user = await repo.findSessionUser(deps.database.db, tokenHash, deps.now());
  return user && canSignIn(user) ? toAuthUser(user) : null;
};

/**
 * Password rules shared by registration, reset and change (the server's policy, stricter than the
 * spec's client-side hints); `field` names where errors show.
 */
const passwordErrors = (
  t: Translate,
  password: string,
  repeat: string | undefined,
  field: string,
  repeatField: string,
  email = '',
) => {
  const errors: FieldErrors = {};
  const problem = passwordProblem(password, email, commonPasswords);
  if (problem) errors[field] = [t(problem, { n: passwordPolicyMinLength })];
  if (repeat !== undefined && password !== repeat) errors[repeatField] = [t('auth.passwordsDiffer')];
  return errors;
};

const link = (deps: AppDeps, path: string) => `${deps.config.appUrl}${path}`;

export const register = async (
  deps: AppDeps,
  t: Translate,
  body: { firstname: string; name: string; email: string; password: string; password2: string },
): Promise<void> => {
  const email = normalizeEmail(body.email);
  const errors: FieldErrors = {};
  if (!body.firstname) errors.firstname = [t('common.fieldRequired')];
  if (!body.name) errors.name = [t('common.fieldRequired')];
  if (!email) errors.email = [t('common.fieldRequired')];
  else if (!isValidEmail(email)) errors.email = [t('auth.emailInvalid')];
  Object.assign(errors, passwordErrors(t, body.password, body.password2, 'password', 'password2', email));
  if (Object.keys(errors).length > 0) throw new AppError('invalid', { message: t('auth.registerFailed'), errors });

  // Answered before any lookup or write, as forgot-pw is: a new address (user, token and mail
  // rows) would otherwise take measurably longer than a known one (one mail) and tell which
  // addresses have an account. Hashing goes with the rest, so both answer after validation alone.
  deps.background.run('register', async () => {
    const passwordHash = await hashPassword(body.password);
    const { db } = deps.database;
    await db.transaction(async (tx) => {
      let existing = await repo.findUserByEmail(tx, email);
      if (!existing) {
        const user = await repo.insertUserIfNew(tx, {
          email,
          firstname: body.firstname,
          name: body.name,
          passwordHash,
        });
        if (user) {
          await sendActivation(deps, tx, user, null);
          return;
        }
        // A registration of the same address ran at the same time and won: answer as for any known
        // address (the insert waited for it, so this new statement sees its row).
        existing = await repo.findUserByEmail(tx, email);
        if (!existing) throw new Error('user vanished during registration');
      }
      // Same answer as for a new address; the owner learns of the attempt by mail.
      if (existing.activatedAt) {
        await enqueueMail(
          tx,
          alreadyRegisteredMail('de_sie', { to: email, name: existing.firstname, link: link(deps, '/forgot-pw') }),
          deps.now(),
        );
      } else {
        // Another registration of an unconfirmed address: its own link, carrying its own password.
        // Whoever opens the mailbox decides; an earlier registrant's password never becomes valid
        // through this registrant's click (the pre-registration hijack).
        await sendActivation(deps, tx, existing, { passwordHash, firstname: body.firstname, name: body.name });
      }
    });
    deps.mail.nudge();
  });
};

/** A new secret for a mailed link: only its hash is stored, the secret itself goes into the mail. */
const issueUserToken = async (
  deps: AppDeps,
  tx: Parameters<typeof repo.insertUserToken>[0],
  userId: string,
  kind: 'activation' | 'reset',
  lifetimeMs: number,
  pending: PendingRegistration | null = null,
): Promise<string> => {
  const token = newSecret();
  const expiresAt = new Date(deps.now().getTime() + lifetimeMs);
  await repo.insertUserToken(tx, userId, kind, hashToken(token), expiresAt, pending);
  return token;
};

/** `pending`: the credentials this link activates; null means the user row's own (first registration). */
const sendActivation = async (
  deps: AppDeps,
  tx: Parameters<typeof repo.insertUserToken>[0],
  user: repo.UserRow,
  pending: PendingRegistration | null,
) => {
  const token = await issueUserToken(
    deps,
    tx,
    user.id,
    'activation',
    activationLifetimeMs,
    pending ?? { passwordHash: user.passwordHash, firstname: user.firstname, name: user.name },
  );
  // The address is unconfirmed: the greeting does not repeat a name the registrant typed.
  await enqueueMail(
    tx,
    activationMail('de_sie', { to: user.email, name: undefined, link: link(deps, `/activate/${user.id}/${token}`) }),
    deps.now(),
  );
};

export const activate = async (deps: AppDeps, t: Translate, body: { user: string; token: string }): Promise<string> => {
  const invalid = () => new AppError('invalid', { message: t('auth.activationLinkInvalid') });
  if (!isUuid(body.user)) throw invalid();
  const now = deps.now();
  await deps.database.db.transaction(async (tx) => {
    const token = await repo.findLiveUserToken(tx, body.user, 'activation', hashToken(body.token), now);
    if (!token || !(await repo.consumeUserToken(tx, token.id, now))) throw invalid();
    // The registration behind this very link becomes the account; every other link dies.
    await repo.activateUser(tx, body.user, now, token.pending);
    await repo.consumeAllUserTokens(tx, body.user, 'activation', now);
  });
  return t('auth.activatedText');
};

export const login = async (
  deps: AppDeps,
  t: Translate,
  limiter: LoginLimiter,
  body: { email: string; password: string },
  ip: string,
): Promise<{ token: string; user: SessionUser }> => {
  const email = normalizeEmail(body.email);
  const failed = () => new AppError('invalid', { message: t('auth.loginFailed') });
  if (!email || !body.password) throw failed();

  // Counted before the password is checked: parallel guesses cannot outrun the limit.
  const wait = await limiter.begin(email, ip);
  if (wait > 0) {
    throw new AppError('rate_limited', {
      message:
        wait >= 120
          ? t('auth.tooManyFailedLogins', { minutes: Math.ceil(wait / 60) })
          : t('auth.tooManyAttemptsSeconds', { seconds: wait }),
      retryAfterSeconds: wait,
    });
  }

  const { db } = deps.database;
  const user = await repo.findUserByEmail(db, email);
  const ok = user ? await verifyPassword(user.passwordHash, body.password) : await dummyVerify(body.password);
  if (!user || !ok) throw failed();
  await limiter.succeed(email, ip);
  // Told only after the right password, so the messages reveal nothing to a guesser.
  if (user.disabledAt) throw new AppError('forbidden', { message: t('auth.accountDisabled') });
  if (!user.isActive) throw new AppError('forbidden', { message: t('auth.notActivated') });

  const token = newSecret();
  await repo.insertSession(db, hashToken(token), user.id, new Date(deps.now().getTime() + sessionLifetimeMs));
  return { token, user: toSessionUser(user) };
};

export const forgotPassword = async (deps: AppDeps, t: Translate, body: { email: string }): Promise<string> => {
  const email = normalizeEmail(body.email);
  if (!email || !isValidEmail(email)) {
    throw new AppError('invalid', { message: t('common.invalidInput'), errors: { email: [t('auth.emailInvalid')] } });
  }
  // Answered before any lookup: a known address (token, mail) would otherwise take measurably
  // longer than an unknown one and tell which addresses have an account.
  deps.background.run('forgot-pw', async () => {
    await deps.database.db.transaction(async (tx) => {
      const user = await repo.findUserByEmail(tx, email);
      // A disabled account gets no link: a reset must never be the way back in.
      if (!user || user.disabledAt) return;
      const token = await issueUserToken(deps, tx, user.id, 'reset', resetLifetimeMs);
      const name = user.activatedAt ? user.firstname : undefined;
      await enqueueMail(
        tx,
        resetMail('de_sie', { to: email, name, link: link(deps, `/reset-pw/${user.id}/${token}`) }),
        deps.now(),
      );
    });
    deps.mail.nudge();
  });
  return t('auth.forgotSent', { email });
};

const liveResetToken = async (
  deps: AppDeps,
  t: Translate,
  db: Parameters<typeof repo.findLiveUserToken>[0],
  user: string,
  hash: string,
) => {
  const invalid = () => new AppError('invalid', { message: t('auth.resetLinkInvalid') });
  if (!isUuid(user)) throw invalid();
  const token = await repo.findLiveUserToken(db, user, 'reset', hashToken(hash), deps.now());
  if (!token) throw invalid();
  return token;
};

export const checkResetLink = async (deps: AppDeps, t: Translate, body: { user: string; hash: string }) => {
  const { db } = deps.database;
  await liveResetToken(deps, t, db, body.user, body.hash);
  const user = await repo.findUserById(db, body.user);
  if (!user) throw new AppError('invalid', { message: t('auth.resetLinkInvalid') });
  return { _id: user.id, email: user.email };
};

export const resetPassword = async (
  deps: AppDeps,
  t: Translate,
  body: { user: string; hash: string; password: string; password2?: string | undefined },
): Promise<string> => {
  const { db } = deps.database;
  await liveResetToken(deps, t, db, body.user, body.hash);
  const owner = await repo.findUserById(db, body.user);
  const errors = passwordErrors(t, body.password, body.password2, 'password', 'password2', owner?.email);
  if (Object.keys(errors).length > 0) throw new AppError('invalid', { message: t('common.invalidInput'), errors });
  const passwordHash = await hashPassword(body.password);
  const now = deps.now();
  await db.transaction(async (tx) => {
    const token = await liveResetToken(deps, t, tx, body.user, body.hash);
    if (!(await repo.consumeUserToken(tx, token.id, now)))
      throw new AppError('invalid', { message: t('auth.resetLinkInvalid') });
    await repo.consumeAllUserTokens(tx, body.user, 'reset', now);
    await repo.setPassword(tx, body.user, passwordHash, now);
    // The link reached the mailbox, which proves the address: a never-activated account is activated.
    await repo.activateIfInactive(tx, body.user, now);
    // Whoever knew the old password is logged out everywhere.
    await repo.deleteUserSessions(tx, body.user);
  });
  return t('auth.resetDone');
};

export const logout = (deps: AppDeps, tokenHash: string) => repo.deleteSession(deps.database.db, tokenHash);

export const logoutEverywhere = (deps: AppDeps, userId: string) => repo.deleteUserSessions(deps.database.db, userId);

export const changePassword = async (
  deps: AppDeps,
  t: Translate,
  user: AuthUser,
  keepTokenHash: string,
  body: { currentPw: string; newPw: string; newPw2: string },
): Promise<string> => {
  const { db } = deps.database;
  const row = await repo.findUserById(db, user.id);
  if (!row || !(await verifyPassword(row.passwordHash, body.currentPw))) {
    throw new AppError('invalid', {
      message: t('account.currentPasswordWrong'),
      errors: { currentPw: [t('account.currentPasswordWrong')] },
    });
  }
  const errors = passwordErrors(t, body.newPw, body.newPw2, 'newPw', 'newPw2', row.email);
  if (Object.keys(errors).length > 0) throw new AppError('invalid', { message: t('common.invalidInput'), errors });
  const passwordHash = await hashPassword(body.newPw);
  const now = deps.now();
  await db.transaction(async (tx) => {
    await repo.setPassword(tx, user.id, passwordHash, now);
    // Every other device is logged out, and a reset link asked for earlier no longer works.
    await repo.deleteUserSessions(tx, user.id, keepTokenHash);
    await repo.consumeAllUserTokens(tx, user.id, 'reset', now);
  });
  return t('account.changePwSuccess');
};

/** For demo data and the admin CLI: an activated account without the mail round trip. */
export const createActivatedUser = async (
  deps: AppDeps,
  p: { email: string; firstname: string; name: string; password: string },
): Promise<repo.UserRow> =>
  repo.insertUser(deps.database.db, {
    email: normalizeEmail(p.email),
    firstname: p.firstname,
    name: p.name,
    passwordHash: await hashPassword(p.password),
    isActive: true,
  });

export const findUserByEmail = (conn: Parameters<typeof repo.findUserByEmail>[0], email: string) =>
  repo.findUserByEmail(conn, normalizeEmail(email));
