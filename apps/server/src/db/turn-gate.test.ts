import { describe, expect, test } from 'vitest';
import { ClientGoneError, DatabaseBusyError } from './errors';
import { turnGate } from './turn-gate';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('turnGate', () => {
  test('runs one work at a time, in the order asked', async () => {
    const gate = turnGate(1_000);
    const log: string[] = [];
    const job = (name: string) =>
      gate(async () => {
        log.push(`${name} start`);
        await sleep(10);
        log.push(`${name} end`);
        return name;
      });
    expect(await Promise.all([job('a'), job('b'), job('c')])).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
  });

  test('refuses a work that waited longer than the budget, without running it, and goes on with the next', async () => {
    const gate = turnGate(50);
    let ran = false;
    const long = gate(() => sleep(200));
    const refused = gate(async () => {
      ran = true;
    });
    await expect(refused).rejects.toBeInstanceOf(DatabaseBusyError);
    await long;
    expect(ran).toBe(false);
    expect(await gate(async () => 'next')).toBe('next');
  });

  test('drops a waiting work whose client has gone, and never starts one that is already gone', async () => {
    const gate = turnGate(1_000);
    const gone = new AbortController();
    let ran = false;
    const long = gate(() => sleep(100));
    const dropped = gate(async () => {
      ran = true;
    }, gone.signal);
    gone.abort();
    await expect(dropped).rejects.toBeInstanceOf(ClientGoneError);
    await long;
    await expect(gate(async () => 'never', gone.signal)).rejects.toBeInstanceOf(ClientGoneError);
    expect(ran).toBe(false);
  });

  test('a failing work frees the turn', async () => {
    const gate = turnGate(1_000);
    await expect(gate(() => Promise.reject(new Error('kaputt')))).rejects.toThrow('kaputt');
    expect(await gate(async () => 'weiter')).toBe('weiter');
  });
});
