import type { Course, CourseList, CourseListPayload } from '@wenrun/shared';

export const FIXTURE_CATEGORIES = ['学科教学', '班级管理', '心理健康'];

/** What a server holds: 23 courses over three categories (the last has none). */
export const FIXTURE_COURSES: Course[] = Array.from({ length: 23 }, (_, index) => ({
  id: index + 1,
  title: `示例课程第${index + 1}讲`,
  category: FIXTURE_CATEGORIES[index % 2] ?? '学科教学',
  lecturer: '王老师',
  lessons: 8,
  summary: '课程简介：从真实课堂中的问题出发。',
  cover: `/images/courses/${index + 1}.svg`,
}));

/** Answers a course-list call the way the reference API does. */
export function courseListReply({ page = 1, pageSize = 10, category }: CourseListPayload): CourseList {
  const matching = FIXTURE_COURSES.filter((course) => !category || course.category === category);
  return {
    list: matching.slice((page - 1) * pageSize, page * pageSize),
    total: matching.length,
    page,
    pageSize,
    categories: FIXTURE_CATEGORIES,
  };
}
