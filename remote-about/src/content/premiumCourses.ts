import type { SectionIntro, TitledText } from './types';

export const PREMIUM_COURSES: SectionIntro = {
  lead: '精品课程覆盖学科教学、班级管理、信息技术、心理健康、教育科研与校长领导力六大类，由名师与专家亲自授课。',
  imageAlt: '打开的课本和播放中的课程视频',
};

export const COURSE_HIGHLIGHTS: TitledText[] = [
  { title: '问题导向', text: '以真实课堂中的问题为起点，每门课程都配有课例视频和完整的教学设计。' },
  { title: '学以致用', text: '每一讲都附有实践任务，学完就在自己的课堂上试一试，再带着问题回来讨论。' },
  { title: '持续更新', text: '紧跟课程标准和教材的变化，每学期更新课程内容与配套案例。' },
];

export const CUSTOM_COURSE_INVITE = {
  text: '想为学校或区域定制专题课程？',
  link: '了解项目合作',
};
