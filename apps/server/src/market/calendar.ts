/**
 * Exchange calendars. Days are civil dates in New York, counted as whole days since
 * 1970-01-01 ("day numbers"), so date arithmetic never meets a time zone.
 */
export type CalendarName = 'nyse' | 'always';

export type ExchangeCalendar = {
  name: CalendarName;
  /** Sessions per year, to turn annual volatility into daily volatility. */
  sessionsPerYear: number;
  isTradingDay: (day: number) => boolean;
  /** The session of a trading day, as epoch milliseconds. */
  session: (day: number) => { open: number; close: number };
};

const MS_PER_DAY = 86_400_000;
const MS_PER_MINUTE = 60_000;

export function dayNumber(year: number, month: number, dayOfMonth: number): number {
  return Math.floor(Date.UTC(year, month - 1, dayOfMonth) / MS_PER_DAY);
}

export function isoDay(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

function nthWeekday(year: number, month: number, wanted: number, nth: number): number {
  const first = dayNumber(year, month, 1);
  return first + ((wanted - weekday(first) + 7) % 7) + (nth - 1) * 7;
}

function lastWeekday(year: number, month: number, wanted: number): number {
  const last = dayNumber(year, month + 1, 1) - 1;
  return last - ((weekday(last) - wanted + 7) % 7);
}

/** Anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const dayOfMonth = ((h + l - 7 * m + 114) % 31) + 1;
  return dayNumber(year, month, dayOfMonth);
}

/** Saturday holidays are observed on Friday, Sunday ones on Monday. */
function observed(day: number): number {
  const wd = weekday(day);
  if (wd === 6) return day - 1;
  if (wd === 0) return day + 1;
  return day;
}

const holidayCache = new Map<number, Map<number, string>>();

/** NYSE full-day holidays of a year, by rule (NYSE Rule 7.2). Unscheduled closings are not included. */
export function nyseHolidays(year: number): Map<number, string> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const holidays = new Map<number, string>();
  // A Saturday New Year's Day is not observed: the exchange stays open on 31 December.
  const newYear = dayNumber(year, 1, 1);
  if (weekday(newYear) !== 6) holidays.set(observed(newYear), "New Year's Day");
  holidays.set(nthWeekday(year, 1, 1, 3), 'Martin Luther King Jr. Day');
  holidays.set(nthWeekday(year, 2, 1, 3), "Washington's Birthday");
  holidays.set(easterSunday(year) - 2, 'Good Friday');
  holidays.set(lastWeekday(year, 5, 1), 'Memorial Day');
  if (year >= 2022) holidays.set(observed(dayNumber(year, 6, 19)), 'Juneteenth');
  holidays.set(observed(dayNumber(year, 7, 4)), 'Independence Day');
  holidays.set(nthWeekday(year, 9, 1, 1), 'Labor Day');
  holidays.set(nthWeekday(year, 11, 4, 4), 'Thanksgiving Day');
  holidays.set(observed(dayNumber(year, 12, 25)), 'Christmas Day');
  holidayCache.set(year, holidays);
  return holidays;
}

/**
 * Minutes New York is behind UTC at a local time of a day (US rules since 2007: daylight time
 * from 02:00 on the second Sunday of March to 02:00 on the first Sunday of November).
 */
export function newYorkOffsetMinutes(day: number, localMinute: number): number {
  const [start, end] = daylightDays(yearOf(day));
  const afterStart = day > start || (day === start && localMinute >= 120);
  const beforeEnd = day < end || (day === end && localMinute < 120);
  return afterStart && beforeEnd ? 240 : 300;
}

/**
 * The year of a day number, remembered: every price and session reads it, a few times per
 * order (the cache is dropped whole past 4,096 days, more than a long chart reads).
 */
const yearCache = new Map<number, number>();
function yearOf(day: number): number {
  let year = yearCache.get(day);
  if (year === undefined) {
    if (yearCache.size >= 4_096) yearCache.clear();
    year = new Date(day * MS_PER_DAY).getUTCFullYear();
    yearCache.set(day, year);
  }
  return year;
}

/** Daylight time's first and last days in New York (second Sunday of March, first of November). */
const daylightCache = new Map<number, readonly [number, number]>();
function daylightDays(year: number): readonly [number, number] {
  let days = daylightCache.get(year);
  if (!days) {
    days = [nthWeekday(year, 3, 0, 2), nthWeekday(year, 11, 0, 1)];
    daylightCache.set(year, days);
  }
  return days;
}

/** Epoch milliseconds of a New York wall-clock time. */
export function newYorkInstant(day: number, localMinute: number): number {
  return (day * 1440 + localMinute + newYorkOffsetMinutes(day, localMinute)) * MS_PER_MINUTE;
}

/** The New York civil day of an instant. */
export function newYorkDay(instant: number): number {
  const guess = Math.floor((instant - 300 * MS_PER_MINUTE) / MS_PER_DAY);
  // The guess uses standard time; in daylight time the day may start an hour earlier.
  return newYorkInstant(guess + 1, 0) <= instant ? guess + 1 : guess;
}

export const nyseCalendar: ExchangeCalendar = {
  name: 'nyse',
  sessionsPerYear: 252,
  isTradingDay: (day) => {
    const wd = weekday(day);
    if (wd === 0 || wd === 6) return false;
    return !nyseHolidays(yearOf(day)).has(day);
  },
  session: (day) => ({
    open: newYorkInstant(day, 9 * 60 + 30),
    close: newYorkInstant(day, 16 * 60),
  }),
};

/** Never closes: every New York day is one session from midnight to midnight. */
export const alwaysOpenCalendar: ExchangeCalendar = {
  name: 'always',
  sessionsPerYear: 365,
  isTradingDay: () => true,
  session: (day) => ({ open: newYorkInstant(day, 0), close: newYorkInstant(day + 1, 0) }),
};

export function calendarNamed(name: CalendarName): ExchangeCalendar {
  return name === 'always' ? alwaysOpenCalendar : nyseCalendar;
}

/** Where an instant falls: in a session, or between two. */
export type SessionState = {
  isOpen: boolean;
  /** The session in progress, or the last one that has closed. */
  day: number;
  nextOpen: number;
  nextClose: number;
};

export function nextTradingDay(calendar: ExchangeCalendar, day: number): number {
  let next = day + 1;
  while (!calendar.isTradingDay(next)) next += 1;
  return next;
}

export function previousTradingDay(calendar: ExchangeCalendar, day: number): number {
  let previous = day - 1;
  while (!calendar.isTradingDay(previous)) previous -= 1;
  return previous;
}

export function sessionState(calendar: ExchangeCalendar, instant: number): SessionState {
  const today = newYorkDay(instant);
  if (calendar.isTradingDay(today)) {
    const { open, close } = calendar.session(today);
    if (instant >= open && instant < close) {
      const next = calendar.session(nextTradingDay(calendar, today));
      return { isOpen: true, day: today, nextOpen: next.open, nextClose: close };
    }
    if (instant >= close) {
      const next = calendar.session(nextTradingDay(calendar, today));
      return { isOpen: false, day: today, nextOpen: next.open, nextClose: next.close };
    }
    return {
      isOpen: false,
      day: previousTradingDay(calendar, today),
      nextOpen: open,
      nextClose: close,
    };
  }
  const next = calendar.session(nextTradingDay(calendar, today));
  return {
    isOpen: false,
    day: previousTradingDay(calendar, today),
    nextOpen: next.open,
    nextClose: next.close,
  };
}
