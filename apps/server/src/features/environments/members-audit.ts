import { type Role, roleLabelKeys as roleLabels } from '@kontor/contract/api/roles';
import { type MemberAuditEntry, memberAuditActions, memberAuditLimit } from '@kontor/contract/api/settings';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import type { EnvScope } from '../../db/env-scope';
import { isUuid } from '../../db/ids';
import * as repo from './members.repo';

type Account = { firstname: string | null; name: string | null; email: string | null };

/** A person as the history names them: their name, else their address, else 'deleted account'. */
const nameOf = (a: Account | undefined, t: Translate): string =>
  `${a?.firstname ?? ''} ${a?.name ?? ''}`.trim() || a?.email || t('settings.auditGone');

const roleLabel = (role: unknown, t: Translate): string =>
  typeof role === 'string' && role in roleLabels ? t(roleLabels[role as Role]) : String(role ?? '');

/**
 * One sentence per entry. 'type.access' (per-type permissions, written by the record-type
 * feature) may name its type as `type` or `label`; without one the sentence stays general.
 */
const sentence = (
  e: { action: string; payload: Record<string, unknown> },
  actor: string,
  user: string,
  t: Translate,
): string => {
  const p = e.payload;
  switch (e.action) {
    case 'member.role':
      return t('settings.auditRole', { actor, user, role: roleLabel(p.to, t) });
    case 'member.activated':
      return t('settings.auditActivated', { actor, user });
    case 'member.deactivated':
      return t('settings.auditDeactivated', { actor, user });
    case 'member.invited':
      return t('settings.auditInvited', { actor, email: String(p.email ?? ''), role: roleLabel(p.role, t) });
    default: {
      const type = p.label ?? p.type;
      return typeof type === 'string' && type
        ? t('settings.auditTypeAccess', { actor, type })
        : t('settings.auditTypeAccessAny', { actor });
    }
  }
};

/**
 * Settings → users → 'Verlauf' (issue 29 item 5): who changed which member's access, and when,
 * from the environment's audit chain, newest first and bounded.
 */
export const membersAudit = async (scope: EnvScope, t: Translate): Promise<{ entries: MemberAuditEntry[] }> => {
  const rows = await repo.auditEntriesAbout(scope, memberAuditActions, memberAuditLimit);
  const userIds = [
    ...new Set(rows.map((r) => r.payload.user).filter((u): u is string => typeof u === 'string' && isUuid(u))),
  ];
  const accounts = new Map((await repo.accountsByIds(scope, userIds)).map((a) => [a.id, a]));
  return {
    entries: rows.map((r) => {
      const actor =
        r.actorEmail === null
          ? t('settings.auditGone')
          : nameOf(
              {
                firstname: r.actorFirstname,
                name: r.actorName,
                email: r.actorEmail,
              },
              t,
            );
      const user = nameOf(typeof r.payload.user === 'string' ? accounts.get(r.payload.user) : undefined, t);
      return { seq: r.seq, at: r.at.toISOString(), action: r.action, actor, text: sentence(r, actor, user, t) };
    }),
  };
};
