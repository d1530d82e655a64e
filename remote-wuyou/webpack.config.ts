import { REMOTE_PARTS } from '@wenrun/shared/node';
import { createPartConfig } from '../webpack.common';

export default createPartConfig({
  dir: import.meta.dirname,
  name: 'wuyou',
  port: REMOTE_PARTS.wuyou.port,
  title: '活动',
  exposes: { './ActivityPage': './src/exposes/ActivityPage.tsx' },
});
