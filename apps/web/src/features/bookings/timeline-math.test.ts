import { describe, expect, test } from 'vitest';
import { clip, minutesFrom, mondayOf, nowOnWall, snap, wallAt } from './timeline-math';

describe('wall-clock minutes of the overview', () => {
  test('minutes from the first day and back', () => {
    expect(minutesFrom('2026-11-23', '2026-11-23T18:30')).toBe(1110);
    expect(minutesFrom('2026-11-23', '2026-11-25T00:00')).toBe(2880);
    expect(minutesFrom('2026-11-23', '2026-11-22T23:00')).toBe(-60);
    expect(wallAt('2026-11-23', 1110)).toBe('2026-11-23T18:30');
    expect(wallAt('2026-11-30', 1440 * 2 + 30)).toBe('2026-12-02T00:30');
    expect(minutesFrom('2026-11-23', 'kaputt')).toBeNull();
  });

  test('the clock change day keeps its wall-clock grid', () => {
    expect(minutesFrom('2026-03-29', '2026-03-29T03:00')).toBe(180);
  });

  test('weeks start on Monday', () => {
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-30')).toBe('2026-11-30');
  });

  test('snapping, clipping and the zone’s now', () => {
    expect(snap(47, 30)).toBe(60);
    expect(snap(44, 30)).toBe(30);
    expect(clip({ start: -30, end: 60 }, 1440)).toEqual({ start: 0, end: 60 });
    expect(clip({ start: 1500, end: 1600 }, 1440)).toBeNull();
    expect(nowOnWall(new Date('2026-07-01T22:30:00Z'))).toEqual({ day: '2026-07-02', minute: 30 });
  });
});
