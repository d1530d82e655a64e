import { chinaClock, formatDay, formatPeriod, parseCalendarTime, signUpStatus } from './schedule';

describe('formatPeriod', () => {
  it.each([
    ['2027-02-20 13:30', '2027-02-20 17:00', '2027年2月20日（周六）13:30—17:00'],
    ['2027-01-18 09:00', '2027-01-23 17:00', '2027年1月18日（周一）09:00 至 1月23日（周六）17:00'],
    ['2026-12-30 09:00', '2027-01-02 12:00', '2026年12月30日（周三）09:00 至 2027年1月2日（周六）12:00'],
    ['2027-05-01', '2027-05-01', '2027年5月1日（周六）'],
    ['2027-05-01', '2027-05-03', '2027年5月1日（周六） 至 5月3日（周一）'],
  ])('%s — %s', (start, end, text) => expect(formatPeriod(start, end)).toBe(text));

  it('shows what it cannot read as written', () => {
    expect(formatPeriod('五月中旬', '2027-05-20 17:00')).toBe('五月中旬 至 2027-05-20 17:00');
    expect(formatPeriod('2027-02-30 09:00', '')).toBe('2027-02-30 09:00');
    expect(formatPeriod('', '')).toBe('');
  });
});

describe('formatDay', () => {
  it('writes a date the Chinese way, with the weekday', () => expect(formatDay('2027-01-08')).toBe('2027年1月8日（周五）'));
  it('leaves other text alone', () => expect(formatDay('报满即止')).toBe('报满即止'));
});

describe('parseCalendarTime', () => {
  it('refuses days that do not exist', () => {
    expect(parseCalendarTime('2027-02-29')).toBeNull();
    expect(parseCalendarTime('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29, time: '' });
  });
});

describe('chinaClock', () => {
  it('is the time in China whatever the machine zone', () => {
    expect(chinaClock(new Date('2027-01-08T16:30:00Z'))).toBe('2027-01-09 00:30');
  });

  it('agrees with the time-zone database through the year, summer included, and across a year end', () => {
    const inShanghai = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', dateStyle: 'short', timeStyle: 'short' });
    for (let hours = 0; hours < 366 * 24; hours += 7) {
      const moment = new Date(Date.UTC(2026, 11, 31, 3, 59) + hours * 3_600_000);
      expect(chinaClock(moment)).toBe(inShanghai.format(moment));
    }
  });
});

describe('signUpStatus', () => {
  const deadline = '2027-01-08';
  const end = '2027-01-23 17:00';
  it.each([
    ['the day before the deadline', '2027-01-07T04:00:00Z', 'open'],
    ['late on the deadline day in China', '2027-01-08T15:59:00Z', 'open'],
    ['just after midnight in China', '2027-01-08T16:01:00Z', 'closed'],
    ['during the activity', '2027-01-20T02:00:00Z', 'closed'],
    ['after the end time', '2027-01-23T09:01:00Z', 'ended'],
  ])('%s', (_, now, status) => expect(signUpStatus(deadline, end, new Date(now))).toBe(status));

  it('says nothing when the deadline cannot be read', () => {
    expect(signUpStatus('另行通知', end, new Date('2027-01-01T00:00:00Z'))).toBe('unknown');
  });
});
