import type { Activity } from '@wenrun/shared';
import { TEST_ACTIVITY } from '@wenrun/shared/testing';

/** An activity as the API answers it, with a body that needs sanitising; the page's tests render it. */
export const ACTIVITY: Activity = {
  ...TEST_ACTIVITY,
  blocks: [
    { type: 'text', title: '研修简介', html: '<p>聚焦<strong>大单元教学设计</strong></p><script>window.__pwned=1</script>' },
    { type: 'image', src: '/images/activities/1/1.svg', alt: '小组研讨现场', width: 800, height: 450 },
    { type: 'list', title: '日程安排', items: ['开班仪式', '<b>工作坊</b>'] },
  ],
};
