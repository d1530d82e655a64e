import type { SectionIntro, TitledText } from './types';

export const TRAINING_SYSTEM: SectionIntro = {
  lead: '以“新任教师—骨干教师—名师”三阶成长为主线，训研一体、学用结合，让每一位教师都能找到适合自己的成长路径。',
  imageAlt: '三级台阶，教师从新任教师一步步成长为名师',
};

export interface GrowthLevel {
  name: string;
  who: string;
  goal: string;
  focus: string[];
  hours: string;
}

export const GROWTH_LEVELS: GrowthLevel[] = [
  {
    name: '新任教师',
    who: '入职 1–3 年',
    goal: '站稳讲台',
    focus: ['课堂常规与教学设计', '班级管理与家校沟通', '信息技术基础应用'],
    hours: '每年不少于 72 学时',
  },
  {
    name: '骨干教师',
    who: '教龄 4–10 年',
    goal: '形成风格',
    focus: ['学科理解与大单元教学', '课例研究与校本教研', '作业设计与学业评价'],
    hours: '每年不少于 90 学时',
  },
  {
    name: '名师',
    who: '区域学科带头人',
    goal: '辐射引领',
    focus: ['课题研究与成果提炼', '名师工作室建设', '青年教师带教与区域教研'],
    hours: '三年一个周期，个性化定制',
  },
];

export const TRAINING_PATH: TitledText[] = [
  { title: '需求诊断', text: '通过问卷、课堂观测和访谈了解教师现状，确定每位教师的研修重点。' },
  { title: '集中研修', text: '专家讲座、案例研讨与工作坊相结合，集中解决共性问题。' },
  { title: '在岗实践', text: '回到自己的课堂完成实践任务，导师在线批阅、及时反馈。' },
  { title: '跟岗观摩', text: '走进名校名师的课堂，观摩、研讨、同课异构，在比较中找到差距。' },
  { title: '成果展示', text: '以公开课、教学案例和研究报告展示成果，并用观测评价检验成效。' },
];

export const TRAINING_FORMATS: TitledText[] = [
  { title: '线上线下混合', text: '线上学理论、线下练技能，减少工学矛盾，学习不断线。' },
  { title: '主题工作坊', text: '围绕一个真实问题小组共研，当场产出可以直接使用的教学设计。' },
  { title: '名师工作室', text: '由名师带领 8–12 位骨干教师，开展为期一年的课题研究。' },
  { title: '校本研修', text: '专家驻校指导，帮助学校建立常态化、可持续的教研制度。' },
];

export const TRAINING_CREDIT_NOTE =
  '研修学时与成果按各地继续教育管理要求记录，可为学校和教师出具学时证明，协助完成学分认定。';
