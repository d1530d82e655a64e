import { TEST_ACTIVITY as ACTIVITY } from './testActivity';
import { activityDescription } from './description';

describe('activityDescription', () => {
  it('says what, when, where and who', () => {
    expect(activityDescription(ACTIVITY)).toBe(
      '名师领衔 · 小班研讨。时间：2027年1月18日（周一）09:00 至 1月23日（周六）17:00；地点：青禾市文润教师发展中心；主办：文润教育科技有限公司。',
    );
  });

  it('leads with the title when there is no subtitle, and leaves out what is not known', () => {
    expect(activityDescription({ ...ACTIVITY, subtitle: '', place: ' ', organizer: '', startTime: '', endTime: '' })).toBe(
      `${ACTIVITY.title}。`,
    );
  });

  it('does not stop twice after a subtitle that ends with its own stop', () => {
    expect(activityDescription({ ...ACTIVITY, subtitle: '欢迎报名！', place: '', organizer: '' })).toMatch(/^欢迎报名。时间：/);
  });
});
