import type { Banner, NewsItem, Partner } from '@wenrun/shared/node';

export const BANNERS: Banner[] = [
  {
    id: 1,
    title: '文润研训系统全新上线',
    subtitle: '线上研修、线下跟岗、成果认证，一个平台全部完成',
    image: '/images/banners/1.svg',
    link: '/about/2',
  },
  {
    id: 2,
    title: '2027年寒假骨干教师高级研修班报名中',
    subtitle: '名师领衔 · 小班研讨 · 跟岗实践',
    image: '/images/banners/2.svg',
    link: '/wuyou/1',
  },
  {
    id: 3,
    title: '精品课程，伴每一位教师持续成长',
    subtitle: '六大领域四十余门课程，随时随地开始学习',
    image: '/images/banners/3.svg',
    link: '/about/3',
  },
];

export const NEWS: NewsItem[] = [
  {
    id: 1,
    title: '文润研训系统完成秋季升级，新增研修成果档案',
    date: '2026-11-12',
    summary: '教师的课程学习、研修作业与课例成果可自动汇总为个人成长档案，便于学校开展年度考核。',
  },
  {
    id: 2,
    title: '桐川区“大单元教学设计”区域研训活动圆满结束',
    date: '2026-10-28',
    summary: '来自全区三十二所学校的两百余名教师参加了为期三天的研训，现场展示课例十二节。',
  },
  {
    id: 3,
    title: '文润教育与澜州师范大学共建教师发展研究中心',
    date: '2026-10-09',
    summary: '双方将在教师培训课程开发、课堂观察工具研制与区域教研指导方面开展长期合作。',
  },
  {
    id: 4,
    title: '“教师心理健康关爱计划”第三期开班',
    date: '2026-09-20',
    summary: '本期工作坊聚焦新学期的压力调适，覆盖云溪县、松岭县共四百余名一线教师。',
  },
  {
    id: 5,
    title: '智慧云平台发布课堂观察量表库',
    date: '2026-09-03',
    summary: '量表库收录语文、数学、英语等学科的观察量表六十余份，学校可直接选用或按需修改。',
  },
  {
    id: 6,
    title: '暑期校长研修营在青禾市举行',
    date: '2026-08-16',
    summary: '四十位中小学校长围绕课程领导与教师队伍建设开展专题研讨，并走进三所特色学校实地考察。',
  },
];

export const PARTNERS: Partner[] = [
  { id: 1, name: '青禾市教育局', region: '青禾市' },
  { id: 2, name: '云溪县教育和体育局', region: '云溪县' },
  { id: 3, name: '桐川区教师发展中心', region: '桐川区' },
  { id: 4, name: '澜州师范大学教师教育学院', region: '澜州市' },
  { id: 5, name: '星河市实验小学', region: '星河市' },
  { id: 6, name: '松岭县教师进修学校', region: '松岭县' },
  { id: 7, name: '明湖区教育科学研究所', region: '明湖区' },
  { id: 8, name: '鹭洲市外国语学校', region: '鹭洲市' },
  { id: 9, name: '青禾市第三中学', region: '青禾市' },
  { id: 10, name: '澜州市教育装备中心', region: '澜州市' },
];
