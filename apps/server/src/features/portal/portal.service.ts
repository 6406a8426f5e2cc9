import { createHash, randomBytes } from 'node:crypto';
import type { Language, Translate } from '@kontor/contract/i18n/catalogs';
import type { EnvScope } from '../../db/env-scope';
import { isUuid } from '../../db/ids';
import { loadTypes, type TypeCatalog } from '../../engine/record-types.service';
import { enqueueMail } from '../../mail/outbox.repo';
import { portalLoginMail } from '../../mail/templates';
import * as repo from './portal.repo';

/** A login link lives this long and works once; a session this long. */
export const linkLifetimeMs = 30 * 60_000;
export const sessionLifetimeMs = 8 * 60 * 60_000;
/** At most this many links per customer and hour (no mail bombing through the portal). */
export const linksPerHour = 5;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/** The record types whose records are portal customers: contacts and customers and their child types. */
export const customerTypeKeys = (types: TypeCatalog): string[] => {
  // The catalog holds child types; their parent chain ends at a base type's key.
  const rootOf = (key: string): string => {
    let current = key;
    for (let depth = 0; depth < 5; depth++) {
      const parent = types.get(current)?.parent;
      if (!parent) break;
      current = parent;
    }
    return current;
  };
  return [...types.keys()].filter((key) => ['contact', 'customer'].includes(rootOf(key)));
};

const customerName = (data: Record<string, unknown>): string => {
  const parts = [data.firstname, data.lastname].filter((p) => typeof p === 'string' && p.trim());
  if (parts.length) return parts.join(' ');
  return typeof data.name === 'string' ? data.name : typeof data.email === 'string' ? data.email : '';
};

/**
 * Asks for a login link: a customer record with this address gets a mail through the outbox; any
 * other address gets nothing, and the caller says the same either way (no address is revealed).
 */
export const requestLoginLink = async (
  scope: EnvScope,
  p: { email: string; configUpdatedAt: Date; portalUrl: string; language: Language; now: Date },
): Promise<void> => {
  const email = p.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) return;
  const types = await loadTypes(scope, p.configUpdatedAt);
  const customer = await repo.customerByEmail(scope, customerTypeKeys(types), email);
  if (!customer) return;
  if ((await repo.linksSince(scope, customer.id, new Date(p.now.getTime() - 60 * 60_000))) >= linksPerHour) return;
  const token = newToken();
  await repo.insertLoginToken(scope, {
    tokenHash: hashToken(token),
    customerId: customer.id,
    expiresAt: new Date(p.now.getTime() + linkLifetimeMs),
    createdAt: p.now,
  });
  const mail = portalLoginMail(p.language, { to: email, name: undefined, link: `${p.portalUrl}/auth/${token}` });
  await enqueueMail(scope.tx, mail, p.now);
};

/** Exchanges an unused, valid login link for a new session; answers the session's token. */
export const openSession = async (scope: EnvScope, token: string, now: Date): Promise<string | null> => {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const used = await repo.consumeLoginToken(scope, hashToken(token), now);
  if (!used) return null;
  const session = newToken();
  await repo.insertSession(scope, {
    tokenHash: hashToken(session),
    customerId: used.customerId,
    expiresAt: new Date(now.getTime() + sessionLifetimeMs),
    createdAt: now,
  });
  return session;
};

export type PortalCustomer = Readonly<{ id: string; type: string; name: string }>;

/** The customer of a session cookie, while the session lasts and the record exists. */
export const sessionCustomer = async (
  scope: EnvScope,
  token: string | undefined,
  now: Date,
): Promise<PortalCustomer | null> => {
  if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const session = await repo.sessionByHash(scope, hashToken(token), now);
  if (!session || !isUuid(session.customerId)) return null;
  const record = await repo.customerById(scope, session.customerId);
  return record
    ? { id: record.id, type: record.type, name: customerName(record.data as Record<string, unknown>) }
    : null;
};

export const closeSession = (scope: EnvScope, token: string) => repo.deleteSession(scope, hashToken(token));

/** The query-form links of the customer's record type that the portal offers (portal_fillable). */
export const portalLinks = async (scope: EnvScope, customer: PortalCustomer, configUpdatedAt: Date, _t: Translate) => {
  const types = await loadTypes(scope, configUpdatedAt);
  return (types.get(customer.type)?.queryForms ?? []).filter((link) => link.portal_fillable);
};
