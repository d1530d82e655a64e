import { readCourseList } from './useCourseList';

const query = { page: 2, category: '' };

describe('readCourseList (a reply from any server that keeps the contract)', () => {
  it('keeps a well-formed reply as it is', () => {
    const course = { id: 1, title: '课程', category: '学科教学', lecturer: '王老师', lessons: 8, summary: '简介', cover: '/c.svg' };
    expect(readCourseList({ list: [course], total: 11, page: 2, pageSize: 9, categories: ['学科教学'] }, query, 9)).toEqual({
      list: [course],
      total: 11,
      page: 2,
      pageSize: 9,
      categories: ['学科教学'],
    });
  });

  it.each([null, 'text', 42, {}, { list: 'x' }])('refuses %p (no list at all)', (data) => {
    expect(readCourseList(data, query, 9)).toBeNull();
  });

  it('leaves out courses without an id or a title and fills missing fields with nothing', () => {
    const result = readCourseList(
      { list: [{ id: 'x', title: '无编号' }, { id: 2 }, null, { id: '3', title: '只有标题', lessons: -1 }], categories: [1, '', '班级管理'] },
      query,
      9,
    );
    expect(result?.list).toEqual([
      { id: 3, title: '只有标题', category: '', lecturer: '', lessons: 0, summary: '', cover: '' },
    ]);
    expect(result?.total).toBe(1);
    expect(result?.categories).toEqual(['班级管理']);
  });
});
