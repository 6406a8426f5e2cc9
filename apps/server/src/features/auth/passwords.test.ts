import { describe, expect, test } from 'vitest';
import { createSlots, dummyVerify, hashingSlots, hashPassword, verifyPassword } from './passwords';

const later = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('createSlots', () => {
  test('never runs more than its limit, also for a caller arriving while a slot changes hands', async () => {
    const slots = createSlots(2);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const a = slots.run(() => gate);
    const b = slots.run(() => later(30));
    const waiter = slots.run(() => later(10));
    // Runs in the same microtask flush in which `a` gives its slot to `waiter`.
    const late = gate.then(() => slots.run(() => later(10)));
    release();
    await Promise.all([a, b, waiter, late]);
    expect(slots.peak()).toBe(2);
    expect(slots.active()).toBe(0);
  });

  test('serves waiters in arrival order', async () => {
    const slots = createSlots(1);
    const order: number[] = [];
    await Promise.all(
      [0, 1, 2, 3].map((i) =>
        slots.run(async () => {
          order.push(i);
          await later(1);
        }),
      ),
    );
    expect(order).toEqual([0, 1, 2, 3]);
  });

  test('frees the slot when the work fails', async () => {
    const slots = createSlots(1);
    await expect(slots.run(() => Promise.reject(new Error('kaputt')))).rejects.toThrow('kaputt');
    expect(slots.active()).toBe(0);
    await expect(slots.run(async () => 'weiter')).resolves.toBe('weiter');
  });
});

describe('password hashing', () => {
  test('makes an argon2id PHC string with m=19456 KiB, t=2, p=1 that verifies only the right password', async () => {
    const phc = await hashPassword('Geheim!2026');
    expect(phc).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(phc, 'Geheim!2026')).toBe(true);
    expect(await verifyPassword(phc, 'geheim!2026')).toBe(false);
    expect(await verifyPassword('kein-phc', 'Geheim!2026')).toBe(false);
    expect(await dummyVerify('Geheim!2026')).toBe(false);
  });

  test('runs at most two hashes at a time under a flood', async () => {
    const phc = await hashPassword('Flut!2026');
    await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => verifyPassword(phc, `falsch-${i}`)),
      ...Array.from({ length: 4 }, () => dummyVerify('x')),
      hashPassword('noch-eins'),
    ]);
    expect(hashingSlots.peak()).toBe(2);
    expect(hashingSlots.active()).toBe(0);
  });
});
