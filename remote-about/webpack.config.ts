import { REMOTE_PARTS } from '@wenrun/shared/node';
import { createPartConfig } from '../webpack.common';

export default createPartConfig({
  dir: import.meta.dirname,
  name: 'about',
  port: REMOTE_PARTS.about.port,
  title: '关于我们',
  exposes: { './AboutPage': './src/exposes/AboutPage.tsx' },
});
