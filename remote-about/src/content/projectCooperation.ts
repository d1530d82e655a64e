import type { SectionIntro, TitledText } from './types';

export const PROJECT_COOPERATION: SectionIntro = {
  lead: '我们与教育行政部门、教师发展中心和中小学校开展多种形式的合作，共同建设高素质、专业化的教师队伍。',
  imageAlt: '四块拼在一起的拼图，分别画着学校、数据图表、书本和教师',
};

export interface CooperationModel {
  title: string;
  audience: string;
  text: string;
  period: string;
}

export const COOPERATION_MODELS: CooperationModel[] = [
  {
    title: '区域研训合作',
    audience: '区县教育局、教师发展中心',
    text: '为区域设计整体研训方案，承担新任教师、骨干教师与名师工作室培养项目，提供从调研诊断到成效评估的全程服务。',
    period: '一般为 1–3 年',
  },
  {
    title: '校本研修合作',
    audience: '中小学校、教育集团',
    text: '专家驻校指导，帮助学校建立常态化的校本教研制度，打造学科特色课程与校本研修品牌。',
    period: '一般为 1 个学年',
  },
  {
    title: '专题定制培训',
    audience: '各级各类学校与教师培训机构',
    text: '围绕新课标落实、大单元教学、作业设计、家校共育等专题定制课程，线上线下灵活组合。',
    period: '2 天至 3 个月',
  },
  {
    title: '平台共建合作',
    audience: '有信息化建设需求的区域与学校',
    text: '部署文润智慧云与课堂观测系统，提供平台培训、数据分析和持续的运维服务。',
    period: '按需定制',
  },
];

export const COOPERATION_PROCESS: TitledText[] = [
  { title: '沟通需求', text: '项目顾问在两个工作日内与您联系，了解区域或学校的现状与目标。' },
  { title: '方案设计', text: '专家团队实地调研，给出研训方案、课程安排与预算建议。' },
  { title: '签约实施', text: '明确目标与成果指标，组建项目组按计划实施。' },
  { title: '过程督导', text: '定期提交进展报告，根据过程数据及时调整安排。' },
  { title: '成效评估', text: '项目结束时提交评估报告，用课堂观测数据说明成效。' },
];

export const MESSAGE_INVITE = {
  title: '合作留言',
  text: '留下您的联系方式和合作意向，我们的项目顾问会在两个工作日内与您联系。',
  contactTitle: '也可以直接联系我们',
};
