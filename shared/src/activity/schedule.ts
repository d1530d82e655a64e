/**
 * Dates of an activity as the API writes them (`2027-01-18 09:00`, `2027-01-08`), shown the way a Chinese
 * visitor reads a notice (`2027年1月18日（周一）09:00`). Activities happen in China, so "today" is taken in
 * China's time zone whatever the visitor's phone says. Anything not in that form is shown as written.
 */
/**
 * China's time (Asia/Shanghai) is UTC+8 all year: the country has kept no daylight saving since 1991. Reckoned
 * here rather than with `Intl.DateTimeFormat` in that zone, whose first use loads the time-zone data: 71–81 ms of
 * the activity page's main thread while it hydrates (CPU slowed 4×; bench:main-thread's CPU profile).
 */
const CHINA_UTC_OFFSET_MS = 8 * 60 * 60 * 1000;
const twoDigits = (n: number) => String(n).padStart(2, '0');
const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?/;

export interface CalendarTime {
  year: number;
  month: number;
  day: number;
  /** `HH:mm`, or empty when only a date was given. */
  time: string;
}

export function parseCalendarTime(text: string): CalendarTime | null {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  // 2027-02-30 is not a day: show it as written rather than as 3月2日.
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null;
  return { year: Number(year), month: Number(month), day: Number(day), time: hour ? `${hour}:${minute}` : '' };
}

function weekday({ year, month, day }: CalendarTime): string {
  return `周${WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()] ?? ''}`;
}

function dayText(at: CalendarTime, withYear: boolean): string {
  return `${withYear ? `${at.year}年` : ''}${at.month}月${at.day}日（${weekday(at)}）`;
}

function sameDay(a: CalendarTime, b: CalendarTime): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day;
}

/** `2027年2月20日（周六）13:30—17:00`, or both ends in full when the activity spans several days. */
export function formatPeriod(start: string, end: string): string {
  const from = parseCalendarTime(start);
  const to = parseCalendarTime(end);
  if (!from || !to) return [start, end].filter((part) => part.trim() !== '').join(' 至 ');
  const fromText = `${dayText(from, true)}${from.time}`;
  if (sameDay(from, to)) return to.time ? `${fromText}—${to.time}` : fromText;
  return `${fromText} 至 ${dayText(to, to.year !== from.year)}${to.time}`;
}

export function formatDay(text: string): string {
  const at = parseCalendarTime(text);
  return at ? dayText(at, true) : text;
}

/** `YYYY-MM-DD HH:mm` of a moment in China, comparable as text with what the API writes. */
export function chinaClock(now: Date): string {
  const china = new Date(now.getTime() + CHINA_UTC_OFFSET_MS);
  return `${china.getUTCFullYear()}-${twoDigits(china.getUTCMonth() + 1)}-${twoDigits(china.getUTCDate())} ${twoDigits(china.getUTCHours())}:${twoDigits(china.getUTCMinutes())}`;
}

function sortable(at: CalendarTime, endOfDay: boolean): string {
  return `${at.year}-${twoDigits(at.month)}-${twoDigits(at.day)} ${at.time || (endOfDay ? '23:59' : '00:00')}`;
}

export type SignUpStatus = 'open' | 'closed' | 'ended' | 'unknown';

/** Sign-up is open through the whole deadline day; an activity is over once its end time has passed. */
export function signUpStatus(deadline: string, endTime: string, now: Date): SignUpStatus {
  const clock = chinaClock(now);
  const end = parseCalendarTime(endTime);
  if (end && clock > sortable(end, true)) return 'ended';
  const last = parseCalendarTime(deadline);
  if (!last) return 'unknown';
  return clock > sortable(last, true) ? 'closed' : 'open';
}

/** The same moment in ISO 8601 with China's offset (`2027-01-18T09:00:00+08:00`, or the day), for structured data. */
export function isoChinaTime(text: string): string | null {
  const at = parseCalendarTime(text);
  if (!at) return null;
  const day = `${at.year}-${twoDigits(at.month)}-${twoDigits(at.day)}`;
  return at.time ? `${day}T${at.time}:00+08:00` : day;
}
