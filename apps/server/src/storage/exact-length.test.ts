import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, test } from 'vitest';
import { exactLength } from './exact-length';
import { isStorageError } from './storage';

const collect = async (chunks: string[], size: number) => {
  const out: Buffer[] = [];
  await pipeline(Readable.from(chunks.map((c) => Buffer.from(c))), exactLength(size), async (source) => {
    for await (const chunk of source) out.push(chunk as Buffer);
  });
  return Buffer.concat(out).toString();
};

describe('exactLength', () => {
  test('passes a body of exactly the declared size', async () => {
    expect(await collect(['ab', 'cd', 'e'], 5)).toBe('abcde');
    expect(await collect([], 0)).toBe('');
  });

  test('refuses one byte more as too_large, before the last declared byte is passed on', async () => {
    const seen: string[] = [];
    const run = pipeline(
      Readable.from([Buffer.from('abc'), Buffer.from('de'), Buffer.from('f')]),
      exactLength(5),
      async (source) => {
        for await (const chunk of source) seen.push(String(chunk));
      },
    );
    await expect(run).rejects.toSatisfy((e) => isStorageError(e, 'too_large'));
    // 'de' completed the declared five bytes but was held back: the consumer never saw all five.
    expect(seen.join('').length).toBeLessThan(5);
  });

  test('refuses a short body as incomplete', async () => {
    await expect(collect(['abc'], 4)).rejects.toSatisfy((e) => isStorageError(e, 'incomplete'));
  });
});
