import type { Cell } from '@kontor/contract/api/record-types';
import { defaultPageSize, type SimpleTableData } from '@kontor/contract/api/records';
import { managesMembers, mayChangeMember, mayGiveRole, type Role, roleLabelKeys } from '@kontor/contract/api/roles';
import type { Translate } from '@kontor/contract/i18n/catalogs';
import type { EnvScope } from '../../db/env-scope';
import { isUuid } from '../../db/ids';
import type { ListModelRequest } from '../../engine/list-models';
import { likePattern } from '../../engine/sort-keys';
import { AppError } from '../../http/errors';
import { appendAudit } from '../stages/stages.service';
import * as repo from './members.repo';

type Body = ListModelRequest['body'];

/** Checks what a member or invitation list accepts: its own sortable cells and filters, no cursor. */
const pageQuery = (body: Body, cells: Cell[], filters: Record<string, (v: unknown) => boolean>, t: Translate) => {
  if (body.cursor) throw new AppError('invalid', { message: t('records.invalidCursor') });
  if (body.sort && !cells.some((c) => c.sortable && c.mapping === body.sort?.field)) {
    throw new AppError('invalid', { message: t('records.unknownSortField') });
  }
  for (const [key, value] of Object.entries(body.filter ?? {})) {
    if (!filters[key]?.(value)) throw new AppError('invalid', { message: t('records.unknownFilterField') });
  }
  const pageSize = body.pageSize ?? defaultPageSize;
  const search = body.search?.trim();
  return {
    search: search ? likePattern(search) : null,
    sort: body.sort ?? null,
    offset: ((body.page ?? 1) - 1) * pageSize,
    limit: pageSize,
    pageSize,
  };
};

const answerOf = (
  q: ReturnType<typeof pageQuery>,
  body: Body,
  rows: SimpleTableData['rows'],
  total: number,
  cells: Cell[],
  list: SimpleTableData['list'],
): SimpleTableData => ({
  rows,
  total,
  totalCapped: false,
  cells,
  nextCursor: null,
  page: body.page ?? 1,
  pageSize: q.pageSize,
  list,
  sort: q.sort,
});

const memberCells = (t: Translate): Cell[] => [
  { mapping: 'name', label: t('settings.userName'), searchable: true, sortable: true },
  { mapping: 'email', label: t('settings.userEmail'), searchable: true, sortable: true },
  { mapping: 'role_label', label: t('settings.userRole') },
  { mapping: 'is_active', label: t('settings.userActive'), format: 'boolean', sortable: true },
];

const roleLabels = roleLabelKeys;

/** Model EnvironmentUser: the members of the environment (spec 02 §3), filterable by is_active. */
export const membersList = async ({ scope, body, t }: ListModelRequest): Promise<SimpleTableData> => {
  const cells = memberCells(t);
  const q = pageQuery(body, cells, { is_active: (v) => typeof v === 'boolean' }, t);
  const active = typeof body.filter?.is_active === 'boolean' ? body.filter.is_active : null;
  const { rows, total } = await repo.membersPage(scope, { ...q, active });
  return answerOf(
    q,
    body,
    rows.map((r) => ({
      _id: r.userId,
      user: { firstname: r.firstname, name: r.name, email: r.email },
      name: `${r.firstname} ${r.name}`.trim(),
      email: r.email,
      is_active: r.isActive,
      role: r.role,
      role_label: t(roleLabels[r.role]),
      is_self: r.userId === scope.userId,
      created_at: r.createdAt.toISOString(),
    })),
    total,
    cells,
    { key: 'users', name: t('settings.users') },
  );
};

/** Model EnvironmentUserInvitation: the pending invitations (filter status 'pending', the only status listed). */
export const invitationsList = async ({ scope, body, t, now }: ListModelRequest): Promise<SimpleTableData> => {
  const cells: Cell[] = [
    { mapping: 'email', label: t('settings.userEmail'), searchable: true, sortable: true },
    // The role the invitee gets on accepting (issue 29 item 4).
    { mapping: 'role_label', label: t('settings.userRole') },
    { mapping: 'created_at', label: t('settings.invitedAt'), format: 'datetime', sortable: true },
    { mapping: 'expires_at', label: t('settings.invitationExpires'), format: 'datetime' },
  ];
  const q = pageQuery(body, cells, { status: (v) => v === 'pending' }, t);
  const { rows, total } = await repo.pendingInvitationsPage(scope, q);
  return answerOf(
    q,
    body,
    rows.map((r) => ({
      _id: r.id,
      email: r.email,
      role: r.role,
      role_label: t(roleLabels[r.role]),
      status: 'pending',
      created_at: r.createdAt.toISOString(),
      expires_at: r.expiresAt.toISOString(),
      expired: r.expiresAt.getTime() <= now.getTime(),
      user: r.invitee ? { name: r.invitee } : null,
    })),
    total,
    cells,
    { key: 'invitations', name: t('settings.pendingInvitations') },
  );
};

/**
 * Deactivates or reactivates a member. The guard reads the flag on every request, so a deactivated
 * member is refused from the very next call on. The last active member cannot be deactivated: an
 * environment without anyone to enter it could never be managed again.
 */
/**
 * The acting member and the member acted on, checked against the role rules (issue 29): only
 * owners and administrators manage members, and nobody acts on someone with more rights.
 */
const actorAndTarget = async (scope: EnvScope, userId: string, t: Translate) => {
  if (!isUuid(userId)) throw new AppError('not_found', { message: t('settings.userUnknown') });
  const target = await repo.memberOf(scope, userId);
  if (!target) throw new AppError('not_found', { message: t('settings.userUnknown') });
  const actor = scope.userId ? await repo.memberOf(scope, scope.userId) : undefined;
  if (!actor || !managesMembers(actor.role)) throw new AppError('forbidden', { message: t('settings.noRights') });
  if (!mayChangeMember(actor.role, target.role)) {
    throw new AppError('forbidden', { message: t('settings.higherRole') });
  }
  return { actor, target };
};

/** An environment always keeps an active owner (issue 29 item 1). */
const keepAnOwner = async (scope: EnvScope, userId: string, t: Translate) => {
  if ((await repo.otherActiveOwners(scope, userId)) === 0) {
    throw new AppError('conflict', { message: t('settings.lastOwner') });
  }
};

export const setMemberActive = async (scope: EnvScope, userId: string, active: boolean, now: Date, t: Translate) => {
  const { target } = await actorAndTarget(scope, userId, t);
  if (!active && (await repo.otherActiveMembers(scope, userId)) === 0) {
    throw new AppError('conflict', { message: t('settings.lastActiveUser') });
  }
  if (!active && target.role === 'owner' && target.isActive) await keepAnOwner(scope, userId, t);
  if (!(await repo.setMemberActive(scope, userId, active))) {
    throw new AppError('not_found', { message: t('settings.userUnknown') });
  }
  if (active !== target.isActive) {
    await appendAudit(scope, {
      action: active ? 'member.activated' : 'member.deactivated',
      recordId: null,
      payload: { user: userId, role: target.role },
      at: now,
    });
  }
  return t(active ? 'settings.userActivated' : 'settings.userDeactivated');
};

/** Gives a member another role: no role above one's own, and one active owner always stays. */
export const setMemberRole = async (scope: EnvScope, userId: string, role: Role, now: Date, t: Translate) => {
  const { actor, target } = await actorAndTarget(scope, userId, t);
  if (!mayGiveRole(actor.role, role)) throw new AppError('forbidden', { message: t('settings.roleAboveOwn') });
  if (target.role === role) return t('settings.roleChanged');
  if (target.role === 'owner' && target.isActive) await keepAnOwner(scope, userId, t);
  await repo.setMemberRole(scope, userId, role);
  await appendAudit(scope, {
    action: 'member.role',
    recordId: null,
    payload: { user: userId, from: target.role, to: role },
    at: now,
  });
  return t('settings.roleChanged');
};

/**
 * Who invited whom with which role belongs to the members' history (issue 29 item 5). Written
 * here, beside the other member entries, and not by the invitation itself: environments.service
 * is read by the frozen documents, so it must not reach the audit chain's feature.
 */
export const auditInvitation = (scope: EnvScope, p: { email: string; role: Role; now: Date }) =>
  appendAudit(scope, {
    action: 'member.invited',
    recordId: null,
    payload: { email: p.email, role: p.role },
    at: p.now,
  });
