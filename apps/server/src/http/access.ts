import type { DateFormat } from '@kontor/contract/api/environments';
import type { Role } from '@kontor/contract/api/roles';
import type { Language } from '@kontor/contract/i18n/catalogs';
import type { EnvId } from '../db/env-scope';

/** Who calls and with which access: what the guards resolve and hand to a handler (types only). */
export type AuthUser = Readonly<{
  id: string;
  email: string;
  firstname: string;
  name: string;
  isActive: boolean;
  passwordChangedAt: Date | null;
  createdAt: Date;
}>;

export type EnvAccess = Readonly<{
  id: EnvId;
  slug: string;
  name: string;
  status: 'active' | 'blocked' | 'inactive';
  language: Language;
  /** The environment's default date format: how messages of a save format dates. */
  dateFormat: DateFormat;
  configUpdatedAt: Date;
  memberActive: boolean;
  /** The member's role (issue 29): what the call's permission is checked against. */
  role: Role;
}>;

/** How a public page or signed download names its environment (issue 30 item 1). */
export type PublicEnvKey =
  | Readonly<{ envSlug: string }>
  | Readonly<{ portalSlug: string }>
  | Readonly<{ host: string }>
  | Readonly<{ envId: string }>;

/** What a public page knows of its environment before it opens the tenant scope. */
export type PublicEnv = Readonly<{
  id: EnvId;
  slug: string;
  name: string;
  status: 'active' | 'blocked' | 'inactive';
  language: Language;
  /** The module switches (website, bookings, queryForms, filemanager). */
  functions: Readonly<Record<string, { active: boolean } | undefined>>;
  capabilities: Readonly<{ html_form_publish: boolean }>;
  /** The environment's date format (spec 02: default_dateformat), for limits in its messages. */
  dateFormat: string;
  configUpdatedAt: Date;
}>;

/** What the guards need from the auth and environments features (wired in app.ts). */
export type GuardLookups = Readonly<{
  userBySessionHash: (tokenHash: string) => Promise<AuthUser | null>;
  envAccess: (userId: string, slug: string) => Promise<EnvAccess | null>;
  /** Session, user, environment and membership in one read: the hot path of every environment call. */
  /** The environment behind a public address or token: one lookup for every public page (issue 30). */
  publicEnv: (key: PublicEnvKey) => Promise<PublicEnv | null>;
  userWithEnv: (tokenHash: string, slug: string) => Promise<{ user: AuthUser; env: EnvAccess | null } | null>;
  /** The same read as the opening of the request's tenant transaction: its SQL and how to read its row. */
  userWithEnvOpening: (
    tokenHash: string,
    slug: string,
  ) => Readonly<{
    sql: string;
    read: (row: Record<string, unknown> | undefined) => { user: AuthUser; env: EnvAccess | null } | null;
  }>;
}>;
