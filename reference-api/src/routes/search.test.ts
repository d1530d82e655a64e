import { openDatabase } from '../db/database';
import { COURSE_TEXT } from '../db/migrations/001_init';
import { API_PATHS, MESSAGES, SEARCH_KEYWORD_MAX, SUCCESS_CODE, type SearchResult } from '@wenrun/shared/node';
import { expectRefusal, planOf, postForm, postJson, startServer, type TestServer } from '../test/harness';
import { CONTENT_MESSAGES } from './content';
import { SEARCH_MESSAGES } from './search';

describe('websiteSearch1.0', () => {
  let server: TestServer;
  const search = (fields: Record<string, string | number | string[]>) =>
    postForm<SearchResult>(`${server.url}${API_PATHS.search}`, fields);
  const titles = (result: SearchResult | undefined) => result?.courses.list.map((course) => course.title) ?? [];

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('finds courses and experts by a 3+ character Chinese keyword (trigram index)', async () => {
    const reply = await search({ keyword: '班主任' });
    expect(reply.body?.header.code).toBe(SUCCESS_CODE);
    const data = reply.body?.data;
    expect(data?.keyword).toBe('班主任');
    expect(titles(data)).toEqual(expect.arrayContaining(['新手班主任的第一个学期', '班主任工作中的法律常识']));
    expect(data?.experts.list.map((expert) => expert.name)).toContain('马晓东');
    expect(data?.courses.list[0]).toEqual({
      id: expect.any(Number),
      title: expect.any(String),
      category: expect.any(String),
      lecturer: expect.any(String),
      lessons: expect.any(Number),
      summary: expect.any(String),
      cover: expect.stringMatching(/^\/images\/courses\/\d+\.svg$/),
    });
  });

  it('finds by a 2-character keyword (gram table)', async () => {
    const data = (await search({ keyword: '心理' })).body?.data;
    expect(data?.courses.total).toBeGreaterThanOrEqual(7);
    for (const course of data?.courses.list ?? []) {
      expect(`${course.title}${course.category}${course.lecturer}${course.summary}`).toContain('心理');
    }
    expect(data?.experts.list.map((expert) => expert.name)).toEqual(expect.arrayContaining(['许晓岚', '钱书韵']));
  });

  it('finds by a 1-character keyword, title hits first', async () => {
    const data = (await search({ keyword: '班', pageSize: 50 })).body?.data;
    expect(data?.courses.total).toBeGreaterThan(5);
    const list = data?.courses.list ?? [];
    const firstWithout = list.findIndex((course) => !course.title.includes('班'));
    const lastWith = list.map((course) => course.title.includes('班')).lastIndexOf(true);
    if (firstWithout !== -1) expect(lastWith).toBeLessThan(firstWithout);
  });

  it('searches without regard to ASCII case', async () => {
    const upper = (await search({ keyword: 'AI' })).body?.data;
    const lower = (await search({ keyword: 'ai' })).body?.data;
    expect(upper?.courses.total).toBe(lower?.courses.total);
  });

  it('matches every whitespace-separated term (AND), mixing short and long terms', async () => {
    const data = (await search({ keyword: '心理  危机' })).body?.data;
    expect(titles(data)).toEqual(['中小学生心理危机识别与干预']);
    const none = (await search({ keyword: '心理 法律常识' })).body?.data;
    expect(none?.courses.total).toBe(0);
  });

  it('pages each side on its own and honours the scope', async () => {
    const page1 = (await search({ keyword: '教学', page: 1, pageSize: 3 })).body?.data;
    const page2 = (await search({ keyword: '教学', page: 2, pageSize: 3 })).body?.data;
    expect(page1?.courses).toMatchObject({ page: 1, pageSize: 3 });
    expect(page1?.courses.list).toHaveLength(3);
    expect(page1?.courses.total).toBeGreaterThan(6);
    expect(page2?.courses.list.map((c) => c.id)).not.toEqual(page1?.courses.list.map((c) => c.id));
    const farPage = (await search({ keyword: '教学', page: 999, pageSize: 50 })).body?.data;
    expect(farPage?.courses.list).toEqual([]);

    const coursesOnly = (await search({ keyword: '心理', scope: 'course' })).body?.data;
    expect(coursesOnly?.experts).toEqual({ list: [], total: 0, page: 1, pageSize: 10 });
    const expertsOnly = (await postJson<SearchResult>(`${server.url}${API_PATHS.search}`, { keyword: '心理', scope: 'expert' })).body?.data;
    expect(expertsOnly?.courses.total).toBe(0);
    expect(expertsOnly?.experts.total).toBeGreaterThan(0);
  });

  it.each([
    ['an empty keyword', { keyword: '' }, MESSAGES.searchRequired],
    ['a blank keyword', { keyword: ' \t ' }, MESSAGES.searchRequired],
    ['no keyword', {}, MESSAGES.searchRequired],
    ['a keyword over 200 characters', { keyword: '教'.repeat(SEARCH_KEYWORD_MAX + 1) }, MESSAGES.searchTooLong],
    ['pageSize 51', { keyword: '教学', pageSize: 51 }, CONTENT_MESSAGES.badPageSize],
    ['pageSize 0', { keyword: '教学', pageSize: 0 }, CONTENT_MESSAGES.badPageSize],
    ['page 0', { keyword: '教学', page: 0 }, CONTENT_MESSAGES.badPage],
    ['page "abc"', { keyword: '教学', page: 'abc' }, CONTENT_MESSAGES.badPage],
    ['page 1.5', { keyword: '教学', page: '1.5' }, CONTENT_MESSAGES.badPage],
    ['an unknown scope', { keyword: '教学', scope: 'everything' }, SEARCH_MESSAGES.badScope],
  ])('refuses %s', async (_name, fields, message) => {
    expectRefusal(await search(fields), message);
  });

  it('accepts a 200-character keyword', async () => {
    expect((await search({ keyword: '教'.repeat(SEARCH_KEYWORD_MAX) })).body?.header.code).toBe(SUCCESS_CODE);
  });

  it.each([
    '/', '%', '#', '?', '%%', '_', '"', '""', "'", '*', '^', '\\', '😀', '👩‍🏫', '<script>alert(1)</script>',
    "' OR 1=1 --", 'NEAR(a b)', 'a AND b', 'title:班主任', '"班主任', '班主任"', '-班主任', '(', ')', '{}', '§',
  ])('treats %j as plain text (no error, no injection)', async (keyword) => {
    const reply = await search({ keyword });
    expect(reply.status).toBe(200);
    expect(reply.body?.header.code).toBe(SUCCESS_CODE);
    // None of these characters occurs in the demo content.
    expect(reply.body?.data.courses.total).toBe(0);
  });

  it('matches a keyword containing FTS syntax characters literally when the text has them', async () => {
    const data = (await search({ keyword: '：从课标' })).body?.data;
    expect(titles(data)).toEqual(['大单元教学设计：从课标到课堂']);
  });

  it('answers 1-2 character and 3+ character keywords through indexes, not a scan of the content tables', async () => {
    const db = await openDatabase(server.database);
    try {
      const plan = (text: string, ...params: string[]) => planOf(db, text, ...params);
      const gram = await plan(
        "SELECT c.id FROM courses c WHERE c.id IN (SELECT ref_id FROM search_grams WHERE gram = ? AND kind = 'course')",
        '心理',
      );
      if (db.dialect === 'sqlite') {
        expect(gram).toMatch(/search_grams USING PRIMARY KEY/);
        expect(gram).not.toMatch(/SCAN c\b/);
        const fts = await plan('SELECT c.id FROM courses c WHERE c.id IN (SELECT rowid FROM courses_fts WHERE courses_fts MATCH ?)', '"班主任"');
        expect(fts).toMatch(/VIRTUAL TABLE INDEX/);
        expect(fts).not.toMatch(/SCAN c\b/);
      } else {
        expect(gram).toMatch(/Index Only Scan using search_grams_pk on search_grams/);
        expect(gram).not.toMatch(/Seq Scan/);
        const trigrams = await plan(`SELECT c.id FROM courses c WHERE c.id IN (SELECT id FROM courses WHERE ${COURSE_TEXT} ILIKE ?)`, '%班主任%');
        expect(trigrams).toMatch(/Bitmap Index Scan on courses_trigrams/);
        expect(trigrams).not.toMatch(/Seq Scan/);
      }
    } finally {
      await db.close();
    }
  });
});
