import zlib from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { InflateBudget, inflateCapped, TooLargeError, UnreadableError } from './inflate';
import { zerosDeflated } from './testing/bombs';

const mib = 1024 * 1024;

describe('inflateCapped', () => {
  test('inflates within the budget and takes what it inflated from it', () => {
    const budget = new InflateBudget(2 * mib);
    expect(inflateCapped(zlib.deflateSync('Hallo Welt'), budget).toString()).toBe('Hallo Welt');
    expect(budget.left).toBe(2 * mib - 10);
  });

  test('stops at the budget: 64 MiB of zeros against 10 MiB, and a spent budget refuses at once', () => {
    const budget = new InflateBudget(10 * mib);
    expect(() => inflateCapped(zerosDeflated(64), budget)).toThrow(TooLargeError);
    const spent = new InflateBudget(mib);
    inflateCapped(zerosDeflated(1), spent);
    expect(spent.left).toBe(0);
    expect(() => inflateCapped(zlib.deflateSync('x'), spent)).toThrow(TooLargeError);
  });

  test('reads raw deflate and a stream cut short, as PDF readers do; refuses what is no deflate data', () => {
    expect(inflateCapped(zlib.deflateRawSync('roh'), new InflateBudget()).toString()).toBe('roh');
    const whole = zlib.deflateSync(Buffer.from('abgeschnitten '.repeat(100)));
    expect(inflateCapped(whole.subarray(0, whole.length - 4), new InflateBudget()).toString()).toContain(
      'abgeschnitten',
    );
    expect(() => inflateCapped(Buffer.from([0x78, 0x9c, 0xff, 0xff, 0xff]), new InflateBudget())).toThrow(
      UnreadableError,
    );
  });
});
