import {
  API_PATHS,
  MESSAGE_CONTENT_MAX,
  MESSAGE_NAME_MAX,
  MESSAGES,
  SUCCESS_CODE,
  type MessageResult,
} from '@wenrun/shared/node';
import { expectRefusal, getJson, manualClock, postForm, postJson, startServer, type TestServer } from '../test/harness';
import { BAD_TEXT_MESSAGE } from '../validation';
import type { MessageRow } from '../db/messages';
import { DUPLICATE_WINDOW_MS } from './message';

describe('websiteMessage1.0', () => {
  const clock = manualClock();
  let server: TestServer;
  const post = (fields: Record<string, string | string[]>) => postForm<MessageResult>(`${server.url}${API_PATHS.message}`, fields);
  const stored = async (phone: string) =>
    (await getJson<{ list: MessageRow[] }>(`${server.url}/__dev/messages?phone=${phone}`)).body?.data.list ?? [];

  beforeAll(async () => {
    server = await startServer({ now: clock.now });
  });
  afterAll(() => server.close());

  const valid = { name: '张老师', phone: '13800138000', message: '想了解暑期骨干教师研修班的报名方式。' };

  it('stores a message (trimmed) and returns its id; the dev endpoint reads it back', async () => {
    const reply = await post({ ...valid, name: '  张老师 ' });
    expect(reply.body).toEqual({ header: { code: SUCCESS_CODE, codeMsg: expect.any(String) }, data: { id: expect.any(Number) } });
    expect(await stored(valid.phone)).toEqual([
      { id: reply.body?.data.id, name: '张老师', phone: valid.phone, message: valid.message, createdAt: clock.now() },
    ]);
  });

  it('does not store an identical message twice within 10 minutes, and answers with the first id', async () => {
    const phone = '13800138001';
    const first = await post({ ...valid, phone });
    clock.advance(DUPLICATE_WINDOW_MS - 1000);
    const second = await postJson<MessageResult>(`${server.url}${API_PATHS.message}`, { ...valid, phone });
    expect(second.body?.data.id).toBe(first.body?.data.id);
    expect(await stored(phone)).toHaveLength(1);

    // A different text is a different message.
    const other = await post({ ...valid, phone, message: '另一条留言' });
    expect(other.body?.data.id).not.toBe(first.body?.data.id);

    clock.advance(2000);
    const later = await post({ ...valid, phone });
    expect(later.body?.data.id).not.toBe(first.body?.data.id);
    expect(await stored(phone)).toHaveLength(3);
  });

  it('counts length in characters: a name or message of the longest length is valid, in Chinese or emoji', async () => {
    const longest = [
      { name: '文'.repeat(MESSAGE_NAME_MAX), phone: '13800138002' },
      { name: '😀'.repeat(MESSAGE_NAME_MAX), phone: '13800138003' },
      { message: '留'.repeat(MESSAGE_CONTENT_MAX), phone: '13800138004' },
    ];
    for (const fields of longest) expect((await post({ ...valid, ...fields })).body?.header.code).toBe(SUCCESS_CODE);
  });

  it('keeps line breaks in a message but refuses control characters', async () => {
    expect((await post({ ...valid, message: '第一行\n第二行', phone: '13800138005' })).body?.header.code).toBe(SUCCESS_CODE);
    expectRefusal(await post({ ...valid, message: 'a\u0000b' }), BAD_TEXT_MESSAGE);
  });

  it.each([
    ['no name', { phone: valid.phone, message: valid.message }, MESSAGES.nameRequired],
    ['a blank name', { ...valid, name: '   ' }, MESSAGES.nameRequired],
    ['a name over the limit', { ...valid, name: '文'.repeat(MESSAGE_NAME_MAX + 1) }, MESSAGES.nameTooLong],
    ['no phone', { name: valid.name, message: valid.message }, MESSAGES.invalidMobile],
    ['a bad phone', { ...valid, phone: '010-12345678' }, MESSAGES.invalidMobile],
    ['a 12-digit phone', { ...valid, phone: '138001380001' }, MESSAGES.invalidMobile],
    ['no message', { name: valid.name, phone: valid.phone }, MESSAGES.messageRequired],
    ['an empty message', { ...valid, message: '' }, MESSAGES.messageRequired],
    ['a message over the limit', { ...valid, message: '留'.repeat(MESSAGE_CONTENT_MAX + 1) }, MESSAGES.messageTooLong],
    ['an array as name', { ...valid, name: ['张', '李'] }, MESSAGES.nameRequired],
  ])('refuses %s', async (_name, fields, message) => {
    expectRefusal(await post(fields), message);
  });
});
