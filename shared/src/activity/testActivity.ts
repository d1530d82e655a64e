import type { Activity } from '../api/types';

/** An activity as the API answers it (shared's own tests). */
export const TEST_ACTIVITY: Activity = {
  id: 1,
  title: '寒假骨干教师高级研修班',
  subtitle: '名师领衔 · 小班研讨',
  startTime: '2027-01-18 09:00',
  endTime: '2027-01-23 17:00',
  place: '青禾市文润教师发展中心',
  organizer: '文润教育科技有限公司',
  cover: '/images/activities/1/cover.svg',
  blocks: [
    { type: 'text', title: '研修简介', html: '<p>聚焦<strong>大单元教学设计</strong></p>' },
    { type: 'image', src: '/images/activities/1/1.svg', alt: '小组研讨现场', width: 800, height: 450 },
  ],
  signUp: { deadline: '2099-01-08', contact: '李老师', phone: '400-000-0000（演示号码）', note: '名额 60 人' },
};
