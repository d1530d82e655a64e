import { API_PATHS, DAY_MS, SUCCESS_CODE } from '@wenrun/shared/node';
import { createMessageStore } from './db/messages';
import { MESSAGE_LIMIT_MESSAGE } from './routes/message';
import { expectRefusal, manualClock, postForm, startServer, testDatabase, type TestServer } from './test/harness';

/** The limits of the reference API, each as the abuse it stops (limits.*.test.ts): here, a flood of messages. */

describe('messages: per address per day, and in total', () => {
  const clock = manualClock();
  let server: TestServer;
  const leave = (client: string, text: string) =>
    postForm(`${server.url}${API_PATHS.message}`, { name: '张老师', phone: '13512343000', message: text }, { client });

  afterEach(() => server.close());

  it(`takes a few messages a day from one address, then says so in Chinese; others still get through`, async () => {
    server = await startServer({ now: clock.now, trustedProxies: ['127.0.0.1'], limits: { messagesPerIpPerDay: 2 } });
    expect((await leave('203.0.113.1', '第一条')).body?.header.code).toBe(SUCCESS_CODE);
    expect((await leave('203.0.113.1', '第二条')).body?.header.code).toBe(SUCCESS_CODE);
    // The same message again is no new message: answered, not counted.
    expect((await leave('203.0.113.1', '第二条')).body?.header.code).toBe(SUCCESS_CODE);
    expectRefusal(await leave('203.0.113.1', '第三条'), MESSAGE_LIMIT_MESSAGE);
    expect((await leave('203.0.113.2', '第三条')).body?.header.code).toBe(SUCCESS_CODE);
    clock.advance(DAY_MS);
    expect((await leave('203.0.113.1', '第四条')).body?.header.code).toBe(SUCCESS_CODE);
  });

  it('keeps at most its cap of messages, dropping the oldest first by an indexed range', async () => {
    const db = await testDatabase();
    const messages = createMessageStore(db, 3);
    for (let i = 1; i <= 5; i += 1) await messages.store({ name: '张', phone: '13512343001', message: `第${i}条` }, '203.0.113.1', i);
    expect((await messages.recent(null, 10)).map((row) => row.message)).toEqual(['第5条', '第4条', '第3条']);
  });
});
