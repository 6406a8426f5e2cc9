import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { mayDo, roles } from '../api/roles';
import type { RoleTypeAccess, TypeAccess } from '../api/type-access';
import { mayEnterStage, typeAccessDefaults, typeRightsFor } from './type-access';

const roleAccess: fc.Arbitrary<RoleTypeAccess> = fc.record(
  {
    read: fc.boolean(),
    create: fc.boolean(),
    edit: fc.boolean(),
    delete: fc.boolean(),
    stages: fc.array(fc.constantFrom('draft', 'sent', 'paid', 'cancelled'), { maxLength: 4 }),
  },
  { requiredKeys: ['read', 'create', 'edit', 'delete'] },
);
const typeAccess: fc.Arbitrary<TypeAccess> = fc.record(
  { staff: roleAccess, readonly: roleAccess, advisor: roleAccess },
  { requiredKeys: [] },
);

describe('typeRightsFor (issue 29 item 2)', () => {
  test('owners and administrators may do everything, whatever a type stores', () => {
    fc.assert(
      fc.property(typeAccess, fc.constantFrom('owner', 'admin' as const), (access, role) => {
        expect(typeRightsFor({ access }, role)).toEqual({
          read: true,
          create: true,
          edit: true,
          delete: true,
          stages: null,
        });
      }),
    );
  });

  test('no role writes without the records permission, nor without reading; nothing above what is stored', () => {
    fc.assert(
      fc.property(typeAccess, fc.constantFrom(...roles), (access, role) => {
        const rights = typeRightsFor({ access }, role);
        if (role === 'owner' || role === 'admin') return;
        const stored = access[role] ?? typeAccessDefaults[role];
        if (!mayDo(role, 'records') || !rights.read) {
          expect(rights.create || rights.edit || rights.delete).toBe(false);
          expect(rights.stages).toEqual([]);
        }
        expect(rights.read).toBe(stored.read);
        if (rights.create) expect(stored.create).toBe(true);
        if (rights.edit) expect(stored.edit).toBe(true);
        if (rights.delete) expect(stored.delete).toBe(true);
        if (mayDo(role, 'records') && rights.read) expect(rights.stages).toEqual(stored.stages ?? null);
      }),
    );
  });

  test('the defaults: Mitarbeiter work with records, Nur lesen and Steuerberater read', () => {
    expect(typeRightsFor({}, 'staff')).toEqual({ read: true, create: true, edit: true, delete: true, stages: null });
    for (const role of ['readonly', 'advisor'] as const) {
      expect(typeRightsFor({}, role)).toEqual({ read: true, create: false, edit: false, delete: false, stages: [] });
    }
  });

  test('a stage list limits the stages; none means every stage', () => {
    const limited = typeRightsFor({ access: { staff: { ...typeAccessDefaults.staff, stages: ['sent'] } } }, 'staff');
    expect(mayEnterStage(limited, 'sent')).toBe(true);
    expect(mayEnterStage(limited, 'cancelled')).toBe(false);
    expect(mayEnterStage(typeRightsFor({}, 'staff'), 'cancelled')).toBe(true);
  });
});
