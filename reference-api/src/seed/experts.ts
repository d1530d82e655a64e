/** Fifteen demo experts. People, schools and places are invented (青禾、云溪、桐川、澜州、星河、松岭、明湖、鹭洲). */
export interface ExpertSeed {
  name: string;
  title: string;
  organization: string;
  field: string;
  intro: string;
  /** Shown on the home page. */
  featured: boolean;
}

export const EXPERTS: ExpertSeed[] = [
  {
    name: '陈思远',
    title: '正高级教师、特级教师',
    organization: '青禾市教育科学研究院',
    field: '语文教学、整本书阅读',
    intro: '从教二十六年，长期深耕小学与初中语文教学，主持省级课题三项，倡导以大单元组织语文学习，所带团队多次获省级优课。',
    featured: true,
  },
  {
    name: '林雅琴',
    title: '教授',
    organization: '澜州师范大学教师教育学院',
    field: '班级管理、德育',
    intro: '研究班级建设与学生德育二十年，出版《班级生活的教育力量》，为多地班主任培训项目担任首席专家。',
    featured: true,
  },
  {
    name: '周启明',
    title: '研究员',
    organization: '星河市教育技术研究中心',
    field: '信息技术与教育融合',
    intro: '专注人工智能与学科教学的融合应用，参与制定区域智慧课堂建设指南，指导百余所学校开展信息化教学实践。',
    featured: true,
  },
  {
    name: '许晓岚',
    title: '副教授、国家二级心理咨询师',
    organization: '鹭洲师范学院心理学系',
    field: '学生心理健康教育',
    intro: '长期从事中小学生心理危机干预与心理课程建设，为多所学校搭建心理辅导室工作体系，擅长把专业知识讲得通俗易懂。',
    featured: true,
  },
  {
    name: '赵文博',
    title: '教授、博士生导师',
    organization: '澜州师范大学教育学部',
    field: '教育科研方法',
    intro: '主讲教育研究方法十余年，指导一线教师完成课题研究数百项，主张“从课堂里的真问题出发做研究”。',
    featured: true,
  },
  {
    name: '孙立群',
    title: '特级校长',
    organization: '青禾市实验中学',
    field: '学校管理、校长领导力',
    intro: '担任校长十八年，带领两所薄弱学校实现整体提升，在课程领导与教师队伍建设方面经验丰富。',
    featured: true,
  },
  {
    name: '吴佳怡',
    title: '高级教师',
    organization: '桐川区教师发展中心',
    field: '小学数学',
    intro: '小学数学教研员，擅长用图示与操作帮助学生理解数学概念，多次执教区级以上公开课。',
    featured: false,
  },
  {
    name: '郑国华',
    title: '正高级教师',
    organization: '云溪县第一中学',
    field: '高中物理、实验教学',
    intro: '自制教具两百余件，所开发的低成本物理实验课程在县域学校广泛使用，重视学生动手探究能力的培养。',
    featured: false,
  },
  {
    name: '王若兰',
    title: '副研究员',
    organization: '明湖区教育评估院',
    field: '课堂观察、教学评价',
    intro: '参与研制区域课堂观察量表，长期组织听评课研修，帮助教师把评课从“印象”变成“证据”。',
    featured: false,
  },
  {
    name: '刘振宇',
    title: '高级工程师',
    organization: '文润智慧教育研究院',
    field: '智慧校园、教育数据应用',
    intro: '负责文润智慧云平台的教学数据产品设计，熟悉学情分析与数据可视化，常年为学校提供信息化咨询。',
    featured: false,
  },
  {
    name: '黄静怡',
    title: '特级教师',
    organization: '星河市实验小学',
    field: '小学英语',
    intro: '倡导以绘本阅读带动英语学习，主编区域英语绘本课程资源包，指导青年教师获全国课例评比一等奖。',
    featured: false,
  },
  {
    name: '何建平',
    title: '教授',
    organization: '鹭洲师范学院教育管理系',
    field: '学校发展规划、教育政策',
    intro: '研究现代学校治理与教育法规，参与多地学校章程与发展规划的编制，熟悉校园安全管理相关制度。',
    featured: false,
  },
  {
    name: '马晓东',
    title: '高级教师',
    organization: '澜州市外国语学校',
    field: '班主任工作、家校共育',
    intro: '担任班主任二十年，所带班级多次获评市级优秀班集体，善于用细致的沟通化解家校矛盾。',
    featured: false,
  },
  {
    name: '杨慧敏',
    title: '正高级教师',
    organization: '青禾市第三中学',
    field: '初中数学、作业设计',
    intro: '初中数学学科带头人，牵头开展“双减”背景下的分层作业研究，相关成果获市级教学成果一等奖。',
    featured: false,
  },
  {
    name: '钱书韵',
    title: '副教授',
    organization: '澜州师范大学心理学院',
    field: '教师心理、积极心理学',
    intro: '关注教师的职业倦怠与心理调适，开设教师情绪管理工作坊百余场，帮助教师找回工作中的意义感。',
    featured: false,
  },
];
