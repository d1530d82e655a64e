import { SHELL_PART } from '@wenrun/shared/node';
import { createPartConfig } from '../webpack.common';

export default createPartConfig({
  dir: import.meta.dirname,
  name: 'shell',
  port: SHELL_PART.port,
  title: '文润教育',
  publicPath: '/',
  publicFiles: ['runtime-config.json'],
  fallbackPage: 'app.html',
  pages: [{ name: 'status', entry: './src/status/index.ts', title: '站点状态' }],
});
