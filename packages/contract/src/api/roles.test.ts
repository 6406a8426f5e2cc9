import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { mayChangeMember, mayGiveRole, type Role, roleRank, roles } from './roles';

const role = fc.constantFrom(...roles);

describe('roles', () => {
  test('only owners and administrators manage members', () => {
    expect(roles.filter((r) => mayChangeMember(r, 'readonly'))).toEqual(['owner', 'admin']);
  });

  test('nobody changes someone with more rights, nor gives a role above their own', () => {
    fc.assert(
      fc.property(role, role, (actor: Role, other: Role) => {
        if (roleRank[other] > roleRank[actor]) {
          expect(mayChangeMember(actor, other)).toBe(false);
          expect(mayGiveRole(actor, other)).toBe(false);
        }
      }),
    );
  });

  test('an administrator cannot touch an owner or make one; an owner can', () => {
    expect(mayChangeMember('admin', 'owner')).toBe(false);
    expect(mayGiveRole('admin', 'owner')).toBe(false);
    expect(mayChangeMember('owner', 'owner')).toBe(true);
    expect(mayGiveRole('owner', 'owner')).toBe(true);
    expect(mayGiveRole('admin', 'advisor')).toBe(true);
  });
});
