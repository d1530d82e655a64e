import { TEST_ACTIVITY as ACTIVITY } from './testActivity';
import { parseActivity } from './parseActivity';

describe('parseActivity', () => {
  it('keeps a complete activity as it is', () => {
    expect(parseActivity(ACTIVITY)).toEqual(ACTIVITY);
  });

  it.each([null, 'text', [], {}, { ...ACTIVITY, title: '  ' }, { ...ACTIVITY, title: 42 }])(
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
