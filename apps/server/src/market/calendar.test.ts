import { describe, expect, it } from 'vitest';
import {
  alwaysOpenCalendar,
  dayNumber,
  isoDay,
  newYorkInstant,
  nyseCalendar,
  nyseHolidays,
  sessionState,
} from './calendar.ts';
import { simulatedProvider } from './provider-simulated.ts';

const holidayList = (year: number) =>
  [...nyseHolidays(year).keys()].sort((a, b) => a - b).map(isoDay);

describe('NYSE calendar', () => {
  it('computes the holidays by rule, with observed days', () => {
    // Published NYSE schedules.
    expect(holidayList(2025)).toEqual([
      '2025-01-01',
      '2025-01-20',
      '2025-02-17',
      '2025-04-18',
      '2025-05-26',
      '2025-06-19',
      '2025-07-04',
      '2025-09-01',
      '2025-11-27',
      '2025-12-25',
    ]);
    expect(holidayList(2021)).toEqual([
      '2021-01-01',
      '2021-01-18',
      '2021-02-15',
      '2021-04-02',
      '2021-05-31',
      '2021-07-05',
      '2021-09-06',
      '2021-11-25',
      '2021-12-24',
    ]);
    // 2022: New Year's Day on a Saturday is not observed; Juneteenth (Sunday) on Monday 20.
    expect(holidayList(2022)).toEqual([
      '2022-01-17',
      '2022-02-21',
      '2022-04-15',
      '2022-05-30',
      '2022-06-20',
      '2022-07-04',
      '2022-09-05',
      '2022-11-24',
      '2022-12-26',
    ]);
    // 2026: Independence Day on a Saturday is observed on Friday 3 July.
    expect(holidayList(2026)).toContain('2026-07-03');
    expect(holidayList(2026)).toContain('2026-04-03'); // Good Friday
  });

  it('is closed on weekends and holidays and open on ordinary weekdays', () => {
    expect(nyseCalendar.isTradingDay(dayNumber(2025, 6, 14))).toBe(false); // Saturday
    expect(nyseCalendar.isTradingDay(dayNumber(2025, 6, 15))).toBe(false); // Sunday
    expect(nyseCalendar.isTradingDay(dayNumber(2025, 4, 18))).toBe(false); // Good Friday
    expect(nyseCalendar.isTradingDay(dayNumber(2021, 12, 24))).toBe(false); // Christmas observed
    expect(nyseCalendar.isTradingDay(dayNumber(2021, 12, 31))).toBe(true); // Saturday New Year
    expect(nyseCalendar.isTradingDay(dayNumber(2025, 6, 11))).toBe(true);
  });

  it('opens 9:30 to 16:00 New York time across daylight-saving changes', () => {
    const check = (year: number, month: number, day: number) => {
      const { open, close } = nyseCalendar.session(dayNumber(year, month, day));
      const format = new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/New_York',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
      return [format.format(open), format.format(close)];
    };
    for (const date of [
      [2025, 1, 15],
      [2025, 3, 7],
      [2025, 3, 10],
      [2025, 10, 31],
      [2025, 11, 3],
      [2024, 7, 1],
    ] as const) {
      expect(check(date[0], date[1], date[2])).toEqual(['09:30', '16:00']);
    }
  });

  it('knows whether an instant is in a session', () => {
    const day = dayNumber(2025, 6, 11);
    expect(sessionState(nyseCalendar, newYorkInstant(day, 9 * 60 + 29)).isOpen).toBe(false);
    expect(sessionState(nyseCalendar, newYorkInstant(day, 9 * 60 + 30)).isOpen).toBe(true);
    expect(sessionState(nyseCalendar, newYorkInstant(day, 16 * 60)).isOpen).toBe(false);
    const beforeOpen = sessionState(nyseCalendar, newYorkInstant(day, 8 * 60));
    expect(isoDay(beforeOpen.day)).toBe('2025-06-10');
    expect(sessionState(alwaysOpenCalendar, Date.parse('2025-06-14T16:00:00Z')).isOpen).toBe(true);
  });

  it('produces no intraday points outside hours, weekends or holidays', async () => {
    const provider = simulatedProvider('calendar-test', nyseCalendar);
    const from = Date.parse('2025-04-14T00:00:00Z');
    const at = Date.parse('2025-04-22T00:00:00Z');
    const points = await provider.intraday('AAPL', from, at, 5);
    const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' });
    const timeFormat = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const days = new Set(points.map((point) => dayFormat.format(point.time)));
    expect([...days]).toEqual([
      '2025-04-14',
      '2025-04-15',
      '2025-04-16',
      '2025-04-17',
      '2025-04-21',
    ]);
    for (const point of points) {
      const time = timeFormat.format(point.time);
      expect(time >= '09:30' && time <= '16:00', time).toBe(true);
    }
    expect(points).toHaveLength(5 * 79);
    const closes = await provider.dailyCloses('AAPL', from, at);
    expect(closes.map((point) => dayFormat.format(point.time))).toEqual([...days]);
    // The intraday path lands on the daily close.
    expect(points.at(-1)?.cents).toBe(closes.at(-1)?.cents);
  });
});
