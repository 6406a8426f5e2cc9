import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';
import { startMaintenance } from './maintenance';

const hour = 60 * 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('housekeeping on several processes (issue 19 item 7)', () => {
  test('of three processes ticking at once, exactly one runs it per period', async () => {
    // Three maintenance loops on one database: as three server processes would have.
    const loops = [0, 1, 2].map(() => startMaintenance(t.deps, (err) => console.error(err), hour));
    for (const loop of loops) loop.stop();
    for (let period = 0; period < 4; period++) {
      const ran = await Promise.all(loops.map((loop) => loop.tick()));
      expect(ran.filter(Boolean), `period ${period}`).toHaveLength(1);
      // Within the period nobody runs it again …
      expect(await Promise.all(loops.map((loop) => loop.tick()))).toEqual([false, false, false]);
      // … and in the next one someone does.
      t.clock.advance(hour);
    }
  });
});
