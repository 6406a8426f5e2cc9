import { describe, expect, test } from 'vitest';
import { setupProgress } from './setup-progress';

describe('setupProgress (spec 01 §4)', () => {
  test('the wizard with its four steps: 10, 35, 60, then 99 at Abschließen', () => {
    expect(setupProgress(0, 4)).toBe(10);
    expect(setupProgress(1, 4)).toBe(35);
    expect(setupProgress(2, 4)).toBe(60);
    expect(setupProgress(3, 4)).toBe(99);
  });

  test('100 beyond the last step', () => {
    expect(setupProgress(4, 4)).toBe(100);
    expect(setupProgress(10, 4)).toBe(100);
  });

  test('other step counts follow the formula', () => {
    expect(setupProgress(0, 3)).toBeCloseTo(100 / 3 - 15);
    expect(setupProgress(1, 3)).toBeCloseTo(200 / 3 - 15);
    expect(setupProgress(2, 3)).toBe(99);
    expect(setupProgress(0, 1)).toBe(99);
    expect(setupProgress(8, 10)).toBe(75);
  });

  test('clamps to 0..100 and treats nonsense as 0', () => {
    expect(setupProgress(-1, 4)).toBe(0);
    expect(setupProgress(0, 10)).toBe(0);
    expect(setupProgress(0, 0)).toBe(0);
    expect(setupProgress(Number.NaN, 4)).toBe(0);
    expect(setupProgress(1, Number.POSITIVE_INFINITY)).toBe(0);
  });

  test('never decreases while the wizard advances', () => {
    for (let count = 1; count <= 12; count += 1) {
      let previous = -1;
      for (let step = -1; step <= count + 1; step += 1) {
        const progress = setupProgress(step, count);
        expect(progress).toBeGreaterThanOrEqual(previous);
        expect(progress).toBeGreaterThanOrEqual(0);
        expect(progress).toBeLessThanOrEqual(100);
        previous = progress;
      }
    }
  });
});
