import { FIELD_SERIES_PATH, type FieldSeries } from '@wenrun/shared/node';
import { expectRefusal, getJson, send, startServer, type TestServer } from '../test/harness';
import { FIELD_SERIES_MESSAGES } from './fieldSeries';

const TOKEN = 's'.repeat(40);

describe('field data series (/admin/field-data/series): the ops console\u2019s charts, never public', () => {
  let production: TestServer;
  let demo: TestServer;
  beforeAll(async () => {
    [production, demo] = await Promise.all([startServer({ devEndpoints: false, adminToken: TOKEN }), startServer({ devEndpoints: true })]);
  });
  afterAll(() => Promise.all([production.close(), demo.close()]));

  it('refuses without the token, and has no /__dev twin in production', async () => {
    expect((await send(`${production.url}/admin${FIELD_SERIES_PATH}?days=1`, { method: 'GET' })).status).toBe(401);
    expect((await send(`${production.url}/__dev${FIELD_SERIES_PATH}?days=1`, { method: 'GET' })).status).toBe(404);
    expect((await send(`${production.url}/stats${FIELD_SERIES_PATH}?days=1`, { method: 'GET' })).status).toBe(404);
  });

  it('answers with the token, by hour over a day and by day over a week', async () => {
    const headers = { authorization: `Bearer ${TOKEN}` };
    const day = await send<FieldSeries>(`${production.url}/admin${FIELD_SERIES_PATH}?days=1`, { method: 'GET', headers });
    expect(day.body?.data).toMatchObject({ bucketMs: 3_600_000, sides: [] });
    const week = await getJson<FieldSeries>(`${demo.url}/__dev${FIELD_SERIES_PATH}?days=7`);
    expect(week.body?.data?.bucketMs).toBe(86_400_000);
  });

  it.each(['0', '30', '1.5', '', 'x'])('refuses days=%p', async (days) => {
    expectRefusal(await getJson(`${demo.url}/__dev${FIELD_SERIES_PATH}?days=${days}`), FIELD_SERIES_MESSAGES.badDays);
  });
});
