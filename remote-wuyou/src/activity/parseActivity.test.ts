import { parseActivity } from './parseActivity';

const complete = {
  id: 3,
  title: '班主任工作坊',
  subtitle: '新学期班级建设',
  startTime: '2027-02-20 13:30',
  endTime: '2027-02-20 17:00',
  place: '多功能厅',
  organizer: '文润教育',
  cover: '/images/activities/3/cover.svg',
  blocks: [
    { type: 'text', title: '介绍', html: '<p>正文</p>' },
    { type: 'image', src: '/images/a.svg', alt: '现场', width: 800, height: 450 },
    { type: 'list', items: ['第一项', '第二项'] },
  ],
  signUp: { deadline: '2027-02-15', contact: '赵老师', phone: '400-000-0000', note: '名额 80 人' },
};

describe('parseActivity', () => {
  it('keeps a complete activity as it is', () => {
    expect(parseActivity(complete)).toEqual({
      ...complete,
      blocks: [
        { type: 'text', title: '介绍', html: '<p>正文</p>' },
        { type: 'image', src: '/images/a.svg', alt: '现场', width: 800, height: 450 },
        { type: 'list', title: undefined, items: ['第一项', '第二项'] },
      ],
    });
  });

  it.each([null, 'text', [], {}, { ...complete, title: '  ' }, { ...complete, title: 42 }])(
    'refuses what cannot be an activity: %p',
    (data) => expect(parseActivity(data)).toBeNull(),
  );

  it('leaves out blocks it cannot show and fills missing text with nothing', () => {
    const activity = parseActivity({
      title: '只有标题',
      blocks: [
        { type: 'video', src: '/v.mp4' },
        { type: 'image', src: '/images/a.svg', alt: '无尺寸' },
        { type: 'image', src: '/images/a.svg', alt: '', width: -1, height: 450 },
        { type: 'list', items: [' ', 3] },
        { type: 'text', html: 5 },
        'text',
        { type: 'text', html: '<p>留下</p>' },
      ],
      signUp: 'none',
    });
    expect(activity).toMatchObject({
      title: '只有标题',
      place: '',
      blocks: [{ type: 'text', html: '<p>留下</p>' }],
      signUp: { deadline: '', contact: '', phone: '', note: '' },
    });
  });
});
