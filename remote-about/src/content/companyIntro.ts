import type { SectionIntro, TitledText } from './types';

export const COMPANY_INTRO: SectionIntro = {
  lead: '文润教育专注中小学教师专业发展，为区域、学校和教师提供研训课程、智慧平台与观测评价一体化服务。',
  imageAlt: '一所学校的教学楼前，教师们正在交流',
};

export const COMPANY_STORY = {
  title: '我们是谁',
  paragraphs: [
    '文润教育创立于 2012 年，总部位于北京。我们始终相信“好教师成就好学校”：一所学校的质量，最终取决于每一间教室里发生的教与学。十余年来，我们与各地教育行政部门、教师发展中心和中小学校携手，把教师研训做成看得见成长、经得起检验的长期工程。',
    '我们的团队由一线名师、教研员、高校学者和技术工程师组成，既懂课堂，也懂数据。我们把先进的教育理念转化为教师看得懂、学得会、用得上的课程与工具，并用课堂观测和学习数据检验研训的真实成效。',
  ],
  imageAlt: '教师在研修活动中分组讨论',
};

export interface Figure {
  value: string;
  unit: string;
  label: string;
}

export const COMPANY_FIGURES: Figure[] = [
  { value: '2012', unit: '年', label: '创立于北京' },
  { value: '26', unit: '个', label: '服务省（区、市）' },
  { value: '3600', unit: '余所', label: '合作中小学校' },
  { value: '30', unit: '万人次', label: '累计培训教师' },
  { value: '420', unit: '门', label: '精品研训课程' },
  { value: '280', unit: '位', label: '签约专家与名师' },
];

export interface Milestone {
  year: string;
  text: string;
}

export const COMPANY_HISTORY: Milestone[] = [
  { year: '2012', text: '公司在北京成立，首批研训课程聚焦新任教师的入职培训。' },
  { year: '2014', text: '承接第一个区域教师研训整体项目，形成“集中研修＋在岗实践”的研训模式。' },
  { year: '2016', text: '建成精品课程库，课程覆盖学科教学、班级管理、心理健康等六大类。' },
  { year: '2018', text: '“文润智慧云”研训平台上线，线上线下混合研修在合作区域全面铺开。' },
  { year: '2020', text: '推出课堂观测评价工具，研训成效从“凭感觉”走向“看证据”。' },
  { year: '2023', text: '围绕新课程标准推出系列专题研修，服务范围扩展到 26 个省（区、市）。' },
  { year: '2025', text: '上线课堂智能分析功能，基于课堂录像为教师提供个性化的改进建议。' },
];

export const COMPANY_VALUES: TitledText[] = [
  {
    title: '扎根课堂',
    text: '所有课程都从真实课堂中的问题出发，由一线名师参与研发，学完就能在自己的课堂上用。',
  },
  {
    title: '专业引领',
    text: '专家团队覆盖各学段、各学科，既有理论高度，也有实践经验，为教师成长提供长期指导。',
  },
  {
    title: '证据说话',
    text: '用课堂观测和学习数据检验研训成效，让每一次培训都能说清楚“改变了什么”。',
  },
  {
    title: '长期陪伴',
    text: '从新任教师到区域名师，我们陪伴教师走过职业发展的每一个阶段。',
  },
];
