import { randomBytes } from 'node:crypto';
import { linkIn, waitForMail } from './mailbox';
import { baseUrl } from './run-state';

/**
 * Shortcuts through the HTTP API for the set-up steps a spec does not test. Every call is a
 * POST with a JSON body and the envelope `{ status, message?, data?, errors? }` (spec 01 §7).
 */

export type Envelope = {
  status: 'success' | 'error';
  message?: string;
  data?: unknown;
  errors?: Record<string, string[]>;
} & Record<string, unknown>;

export type ApiResponse = Readonly<{ httpStatus: number; body: Envelope }>;

export const post = async (path: string, body: object = {}, token?: string): Promise<ApiResponse> => {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${baseUrl()}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await res.text();
  let parsed: Envelope;
  try {
    parsed = JSON.parse(text) as Envelope;
  } catch {
    parsed = { status: 'error', message: text };
  }
  return { httpStatus: res.status, body: parsed };
};

/** A call that must succeed; fails the test with the server's answer otherwise. */
export const postOk = async (path: string, body: object = {}, token?: string): Promise<Envelope> => {
  const res = await post(path, body, token);
  if (res.httpStatus >= 400 || res.body.status !== 'success') {
    throw new Error(`POST ${path} failed with HTTP ${res.httpStatus}: ${JSON.stringify(res.body)}`);
  }
  return res.body;
};

/** A fresh address per call, so tests never share a user or a mailbox. */
export const uniqueEmail = (label = 'user'): string =>
  `e2e-${label}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}@example.com`.toLowerCase();

/** A fresh environment name, readable in a failure screenshot. */
export const uniqueName = (label: string): string => `${label} ${randomBytes(3).toString('hex').toUpperCase()}`;

export type UserSpec = Readonly<{ email: string; password: string; firstname: string; name: string }>;

export const newUserSpec = (label = 'user', overrides: Partial<UserSpec> = {}): UserSpec => ({
  email: uniqueEmail(label),
  password: `Geheim-${randomBytes(4).toString('hex')}!`,
  firstname: 'Erika',
  name: 'Mustermann',
  ...overrides,
});

export type SessionUser = {
  _id: string;
  email: string;
  firstname: string;
  name: string;
  is_active: boolean;
} & Record<string, unknown>;

export type LoggedIn = Readonly<{ token: string; user: SessionUser }>;

export const register = (u: UserSpec) =>
  postOk('/api/users/register', {
    firstname: u.firstname,
    name: u.name,
    email: u.email,
    password: u.password,
    password2: u.password,
  });

/** `/activate/{user}/{token}` → its two parts. */
export const activationParts = (link: string): { user: string; token: string } => {
  const match = /\/activate\/([^/?#]+)\/([^/?#]+)/.exec(new URL(link).pathname);
  if (!match?.[1] || !match[2]) throw new Error(`Not an activation link: ${link}`);
  return { user: decodeURIComponent(match[1]), token: decodeURIComponent(match[2]) };
};

export const activationSubject = 'Bitte bestätigen Sie Ihre E-Mail-Adresse';

/** Activates through the link of the activation mail (POST /api/users/activate). */
export const activateFromMail = async (email: string): Promise<void> => {
  const mail = await waitForMail(email, { subject: activationSubject });
  await postOk('/api/users/activate', activationParts(linkIn(mail)));
};

export const login = async (email: string, password: string): Promise<LoggedIn> => {
  const body = await postOk('/api/users/login', { email, password });
  if (typeof body.token !== 'string' || !body.user)
    throw new Error(`Login answer without token: ${JSON.stringify(body)}`);
  return { token: body.token, user: body.user as SessionUser };
};

/** An activated user with a bearer token: register → activation mail → activate → login. */
export const createUser = async (label = 'user', overrides: Partial<UserSpec> = {}): Promise<UserSpec & LoggedIn> => {
  const spec = newUserSpec(label, overrides);
  await register(spec);
  await activateFromMail(spec.email);
  return { ...spec, ...(await login(spec.email, spec.password)) };
};

export type CreatedEnvironment = Readonly<{ name: string; url_slug: string }>;

/** POST /api/environments/create; `preset` 'none' is the empty environment. */
export const createEnvironment = async (token: string, name: string, preset = 'none'): Promise<CreatedEnvironment> => {
  const body = await postOk('/api/environments/create', { name, preset }, token);
  const env = (body.data as { environment?: CreatedEnvironment } | undefined)?.environment;
  if (!env?.url_slug) throw new Error(`Environment answer without url_slug: ${JSON.stringify(body)}`);
  return env;
};

/**
 * POST /api/environments/users-invite with a member's token. Invitations carry a role (issue 29
 * item 4); 'admin' by default, what every invitee got before roles.
 */
export const inviteUser = (token: string, envSlug: string, email: string, role = 'admin') =>
  postOk('/api/environments/users-invite', { _env: envSlug, email, role }, token);

export const listEnvironments = async (token: string) =>
  (await postOk('/api/environments/list', {}, token)).data as { name: string; url_slug: string; users_count: number }[];

export const invitationSubject = 'Einladung zur Firmenumgebung';
export const resetSubject = 'Passwort zurücksetzen';

export type SetupStep1 = Readonly<{
  name: string;
  default_dateformat: 'DD.MM.YYYY' | 'YYYY-MM-DD';
  default_currency: 'euro' | 'us_dollar';
  default_language: 'de_sie' | 'de_du' | 'en';
}>;

/** The setup wizard's step 1 through the API (name, date format, currency, language): a configuration change. */
export const saveSetupStep1 = (token: string, envSlug: string, values: SetupStep1) =>
  postOk('/api/environments-setup/step-1', { _env: envSlug, ...values }, token);
