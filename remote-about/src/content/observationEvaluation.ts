import type { SectionIntro, TitledText } from './types';

export const OBSERVATION_EVALUATION: SectionIntro = {
  lead: '以课堂观测为核心，结合学生反馈、同伴互评与专家点评，为教师提供多维度、有证据的发展性评价。',
  imageAlt: '放大镜下的课堂观测雷达图',
};

export const OBSERVATION_DIMENSIONS: TitledText[] = [
  { title: '教学目标', text: '目标是否清晰、可检测，是否与课程标准和学生的实际情况相匹配。' },
  { title: '学习任务', text: '任务是否有挑战性，是否给学生留出充分的思考与实践时间。' },
  { title: '师生互动', text: '提问的层次与分布、候答时间，以及学生回答的质量。' },
  { title: '学生参与', text: '参与的广度与深度，小组合作是否真实、有效。' },
  { title: '学习评价', text: '课堂上是否持续收集学习证据，并据此及时调整教学。' },
  { title: '技术融合', text: '信息技术是否服务于学习目标，而不只是替代板书。' },
];

export const OBSERVATION_FLOW: TitledText[] = [
  { title: '课前约定', text: '授课教师与观课教师共同确定观察点，选择合适的观测量表。' },
  { title: '课中记录', text: '观课教师用移动端工具实时记录，数据自动汇总。' },
  { title: '课后报告', text: '系统生成观测报告，用图表呈现课堂结构与互动特征。' },
  { title: '研讨改进', text: '围绕报告中的证据开展议课，明确下一步的改进重点。' },
  { title: '跟踪复测', text: '一段时间后再次观测，用前后对比检验改进成效。' },
];

export const OBSERVATION_OUTCOMES = {
  title: '评价结果怎么用',
  points: [
    '观测量表库收录 40 余种经过实践检验的量表，学校也可以按需自定义。',
    '评价与研训衔接：报告中发现的薄弱环节，可以直接匹配到对应的课程与研修任务。',
    '区域和学校可以按学科、学段查看课堂质量的整体画像，找准下一阶段的研训重点。',
  ],
  imageAlt: '一份课堂观测报告：提问层次分布图和师生互动时间线',
};
