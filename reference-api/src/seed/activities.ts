import { DEFAULT_RUNTIME_CONFIG, type Activity } from '@wenrun/shared/node';

const SIGN_UP_PHONE = DEFAULT_RUNTIME_CONFIG.contact.hotline;

export interface ActivitySeed extends Activity {
  /** Offline activities stay in the database but are answered like unknown ones. */
  online: boolean;
}

const cover = (id: number) => `/images/activities/${id}/cover.svg`;
const picture = (id: number, n: number, alt: string) =>
  ({ type: 'image', src: `/images/activities/${id}/${n}.svg`, alt, width: 800, height: 450 }) as const;

/** Id 6 exists for the front end's XSS test: its html carries script, event-handler and javascript: payloads. */
export const XSS_TEST_ACTIVITY_ID = 6;

export const ACTIVITIES: ActivitySeed[] = [
  {
    id: 1,
    title: '2027年寒假骨干教师高级研修班',
    subtitle: '名师领衔 · 小班研讨 · 跟岗实践',
    startTime: '2027-01-18 09:00',
    endTime: '2027-01-23 17:00',
    place: '青禾市文润教师发展中心（青禾市明湖路 88 号，演示地址）',
    organizer: '文润教育科技有限公司',
    cover: cover(1),
    online: true,
    blocks: [
      {
        type: 'text',
        title: '研修简介',
        html: '<p>本期研修班面向区县学科骨干教师，聚焦<strong>大单元教学设计</strong>与<strong>课堂观察</strong>两项核心能力，采用“专家讲座 + 小组研讨 + 跟岗实践”的方式，帮助学员把新课标理念落到每一节课。</p><p>研修结束并提交课例成果的学员，可获得文润研训系统颁发的研修证书。</p>',
      },
      picture(1, 1, '往期研修班小组研讨现场'),
      {
        type: 'list',
        title: '日程安排',
        items: [
          '1月18日：开班仪式，专题讲座《从课标到课堂》',
          '1月19日：大单元教学设计工作坊（分学科）',
          '1月20日：课堂观察方法与量表使用',
          '1月21日—22日：走进青禾市实验中学跟岗听课、议课',
          '1月23日：成果展示与结业',
        ],
      },
      {
        type: 'text',
        title: '报名须知',
        html: '<ul><li>每校限报 2 人，请由学校统一报名。</li><li>研修期间提供午餐，住宿可由会务组协助预订。</li><li>详细课程表可在 <a href="/about/2">文润研训系统介绍</a> 中查看。</li></ul>',
      },
    ],
    signUp: {
      deadline: '2027-01-08',
      contact: '李老师',
      phone: SIGN_UP_PHONE,
      note: '名额 60 人，报满即止；请在报名表中注明任教学科。',
    },
  },
  {
    id: 2,
    title: '“大单元教学设计”区域研训活动',
    subtitle: '桐川区小学语文、数学专场',
    startTime: '2026-12-10 08:30',
    endTime: '2026-12-11 16:30',
    place: '桐川区教师发展中心报告厅（演示地址）',
    organizer: '桐川区教师发展中心、文润教育科技有限公司',
    cover: cover(2),
    online: true,
    blocks: [
      {
        type: 'text',
        html: '<p>本次研训以“<strong>单元整体设计</strong>”为主题，由陈思远、吴佳怡两位老师带领参训教师现场研课、磨课，并安排展示课与专家点评。</p>',
      },
      {
        type: 'list',
        title: '活动内容',
        items: ['专题讲座：大单元教学设计的四个关键问题', '展示课：小学语文、小学数学各两节', '分组磨课与现场点评', '区域优秀单元设计案例分享'],
      },
      picture(2, 1, '桐川区教师发展中心报告厅'),
    ],
    signUp: {
      deadline: '2026-12-05',
      contact: '王老师',
      phone: SIGN_UP_PHONE,
      note: '请各校教研组长组织报名，参训教师需携带一份本学期单元教学设计。',
    },
  },
  {
    id: 3,
    title: '班主任工作坊：新学期班级建设',
    subtitle: '让每个班级都有自己的样子',
    startTime: '2027-02-20 13:30',
    endTime: '2027-02-20 17:00',
    place: '澜州市外国语学校多功能厅（演示地址）',
    organizer: '文润教育科技有限公司',
    cover: cover(3),
    online: true,
    blocks: [
      {
        type: 'text',
        title: '工作坊介绍',
        html: '<p>新学期开始，班级如何“开好头”？本次工作坊由马晓东老师主持，围绕<strong>班级公约</strong>、<strong>班干部培养</strong>和<strong>家校沟通</strong>三个话题，用案例研讨和角色扮演的方式展开。</p>',
      },
      {
        type: 'list',
        title: '适合人群',
        items: ['任职三年以内的青年班主任', '新接手班级的班主任', '负责德育工作的学校中层'],
      },
      picture(3, 1, '班主任工作坊角色扮演环节'),
    ],
    signUp: {
      deadline: '2027-02-15',
      contact: '赵老师',
      phone: SIGN_UP_PHONE,
      note: '现场名额 80 人，另设线上直播，报名后发送直播链接。',
    },
  },
  {
    id: 4,
    title: '教育科研课题申报指导会（线上）',
    subtitle: '从选题到申报书，一次讲透',
    startTime: '2027-03-06 19:00',
    endTime: '2027-03-06 21:00',
    place: '线上直播（文润研训系统）',
    organizer: '文润教育科技有限公司、澜州师范大学教育学部',
    cover: cover(4),
    online: true,
    blocks: [
      {
        type: 'text',
        html: '<p>每年课题申报季，老师们最常问的是：<strong>题目怎么定？申报书怎么写？</strong>本次指导会邀请赵文博教授结合近年立项课题，逐项解读申报书的写作要点。</p>',
      },
      {
        type: 'list',
        title: '指导内容',
        items: ['好选题从哪里来：从教学中的真问题出发', '文献综述怎么写才不空泛', '研究设计与预期成果的表述', '常见退改意见与修改建议'],
      },
      {
        type: 'text',
        title: '参与方式',
        html: '<p>登录文润研训系统，在“直播课堂”中进入本场活动；活动结束后提供回放七天。</p>',
      },
    ],
    signUp: {
      deadline: '2027-03-05',
      contact: '孙老师',
      phone: SIGN_UP_PHONE,
      note: '线上活动不限名额，可提前提交问题，专家将在直播中集中解答。',
    },
  },
  {
    id: 5,
    title: '智慧课堂教学展示周',
    subtitle: '技术服务学习，课堂看见每一个学生',
    startTime: '2027-04-12 08:00',
    endTime: '2027-04-16 17:00',
    place: '星河市实验小学等五所学校（演示地址）',
    organizer: '星河市教育技术研究中心、文润教育科技有限公司',
    cover: cover(5),
    online: true,
    blocks: [
      {
        type: 'text',
        title: '活动概况',
        html: '<p>展示周期间，五所实验学校将开放<strong>三十余节</strong>智慧课堂展示课，覆盖语文、数学、英语、科学等学科，并举办学情数据应用专题论坛。</p>',
      },
      picture(5, 1, '智慧课堂展示课现场'),
      {
        type: 'list',
        title: '每日安排',
        items: ['4月12日：开幕式与主题报告', '4月13日—15日：分校区展示课与说课评课', '4月16日：学情数据应用论坛与闭幕式'],
      },
      picture(5, 2, '学情数据应用论坛'),
    ],
    signUp: {
      deadline: '2027-04-01',
      contact: '周老师',
      phone: SIGN_UP_PHONE,
      note: '请按学校报名并选择观摩场次，每场观摩人数有限，按报名先后安排。',
    },
  },
  {
    id: XSS_TEST_ACTIVITY_ID,
    title: '安全测试活动',
    subtitle: '本页内容用于前端的安全测试，请勿报名',
    startTime: '2027-05-01 09:00',
    endTime: '2027-05-01 10:00',
    place: '测试场地',
    organizer: '文润教育科技有限公司（测试）',
    cover: cover(6),
    online: true,
    blocks: [
      {
        type: 'text',
        title: '富文本中的危险内容',
        html: '<p>下面的脚本、事件属性与 javascript: 链接都不应执行。</p><script>window.__pwned=1</script><p><img src=x onerror="window.__pwned=1">图片事件</p><p><a href="javascript:window.__pwned=1">点击链接</a></p><p><strong>这一句是正常的加粗文字。</strong></p>',
      },
      { type: 'list', title: '列表中的标签应按文字显示', items: ['<b>不应加粗</b>', '<img src=x onerror="window.__pwned=1">'] },
    ],
    signUp: {
      deadline: '2027-04-30',
      contact: '测试联系人',
      phone: SIGN_UP_PHONE,
      note: '<script>window.__pwned=1</script>此活动仅用于测试。',
    },
  },
  {
    id: 7,
    title: '2026年春季校长论坛',
    subtitle: '已结束并下线的活动',
    startTime: '2026-04-10 09:00',
    endTime: '2026-04-11 17:00',
    place: '鹭洲市会议中心（演示地址）',
    organizer: '文润教育科技有限公司',
    cover: cover(7),
    online: false,
    blocks: [{ type: 'text', html: '<p>本次论坛已圆满结束，感谢各位校长的参与。</p>' }],
    signUp: { deadline: '2026-04-01', contact: '李老师', phone: SIGN_UP_PHONE, note: '报名已结束。' },
  },
];
