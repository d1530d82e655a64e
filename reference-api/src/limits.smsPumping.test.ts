import { API_PATHS, CODE_COUNTDOWN_SECONDS, HOUR_MS, SUCCESS_CODE } from '@wenrun/shared/node';
import { openDatabase } from './db/database';
import { AUTH_MESSAGES } from './routes/authMessages';
import { DEFAULT_ALLOWED_ORIGINS } from './server';
import { CROSS_SITE_MESSAGE } from './security/siteOrigin';
import { column, expectRefusal, manualClock, postForm, startServer, type TestServer } from './test/harness';

/**
 * The limits of the reference API, each as the abuse it stops (limits.*.test.ts): here, SMS pumping, another site's
 * page sending codes through its visitors, and a codes table that grows for ever.
 */
const SITE_ORIGIN = DEFAULT_ALLOWED_ORIGINS[0] ?? '';

describe('sending codes: no SMS pumping', () => {
  const clock = manualClock();
  let server: TestServer;
  const sendCode = (mobile: string, client: string, origin?: string) =>
    postForm(`${server.url}${API_PATHS.sendCode}`, { mobile }, { client, origin });

  afterEach(() => server.close());

  it('refuses a post from another site\'s page (a form there, submitted in visitors\' browsers), and from an opaque origin', async () => {
    server = await startServer({ now: clock.now, trustedProxies: ['127.0.0.1'] });
    for (const origin of ['https://evil.example', 'null', `${SITE_ORIGIN}.evil.example`]) {
      const refused = await sendCode('13512340001', '203.0.113.1', origin);
      expectRefusal(refused, CROSS_SITE_MESSAGE);
      expect(refused.body?.header.code).toBe('403');
    }
    expect((await sendCode('13512340001', '203.0.113.1', SITE_ORIGIN)).body?.header.code).toBe(SUCCESS_CODE);
    // The same for a message: a foreign page cannot fill the inbox through its visitors either.
    const message = await postForm(`${server.url}${API_PATHS.message}`, { name: '张', phone: '13512340001', message: '你好' }, { origin: 'https://evil.example' });
    expectRefusal(message, CROSS_SITE_MESSAGE);
  });

  it('sends a mobile a few codes an hour whatever addresses ask for them', async () => {
    server = await startServer({ now: clock.now, trustedProxies: ['127.0.0.1'], limits: { sendCodePerMobilePerHour: 2 } });
    for (const client of ['203.0.113.1', '203.0.113.2']) {
      expect((await sendCode('13512340002', client)).body?.header.code).toBe(SUCCESS_CODE);
      clock.advance(CODE_COUNTDOWN_SECONDS * 1000);
    }
    expectRefusal(await sendCode('13512340002', '203.0.113.3'), AUTH_MESSAGES.mobileTooMany(3600 - 2 * CODE_COUNTDOWN_SECONDS));
    clock.advance(HOUR_MS);
    expect((await sendCode('13512340002', '203.0.113.4')).body?.header.code).toBe(SUCCESS_CODE);
  });

  it('sends at most its hourly budget of codes site-wide, from however many addresses to however many mobiles', async () => {
    server = await startServer({ now: clock.now, trustedProxies: ['127.0.0.1'], limits: { sendCodePerHour: 3 } });
    for (let i = 0; i < 3; i += 1) expect((await sendCode(`1351234100${i}`, `203.0.113.${10 + i}`)).body?.header.code).toBe(SUCCESS_CODE);
    expectRefusal(await sendCode('13512341009', '198.51.100.1'), AUTH_MESSAGES.siteBusy(3600));
    // A client that had a code is told the same: the site's hour is spent, not its own.
    expectRefusal(await sendCode('13512341008', '203.0.113.10'), AUTH_MESSAGES.siteBusy(3600));
    clock.advance(HOUR_MS + 1);
    expect((await sendCode('13512341009', '198.51.100.1')).body?.header.code).toBe(SUCCESS_CODE);
  });

  it('keeps codes a day: the table holds at most a day of the hourly budget', async () => {
    server = await startServer({ now: clock.now });
    await sendCode('13512342000', '203.0.113.1');
    clock.advance(24 * HOUR_MS + 1);
    await sendCode('13512342001', '203.0.113.1');
    const db = await openDatabase(server.database);
    try {
      expect(await column(db, 'SELECT mobile FROM sms_codes')).toEqual(['13512342001']);
    } finally {
      await db.close();
    }
  });
});
