/**
 * Progress of the setup wizard's bar (spec 01 §4): `(step + 1) / count × 100 − 15`, 99 at the last
 * step, 100 beyond. `step` is the 0-based index of the step on screen and `count` the number of
 * steps including the final 'Abschließen' step (the wizard has 4: indexes 0 to 3). So the three
 * form steps show 10, 35 and 60 %, the 'Abschließen' step (the last) 99 %, and an index past it
 * (the wizard is finished) 100 %. The 15 % taken off keeps the bar from looking finished while a
 * step still has to be saved. The result is clamped to 0..100; inputs that are not numbers give 0.
 */
export const setupProgress = (step: number, count: number): number => {
  if (!Number.isFinite(step) || !Number.isFinite(count) || count <= 0) return 0;
  if (step > count - 1) return 100;
  if (step === count - 1) return 99;
  return Math.min(100, Math.max(0, ((step + 1) / count) * 100 - 15));
};
