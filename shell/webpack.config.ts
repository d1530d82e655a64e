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
  pages: [
    {
      name: 'status',
      entry: './src/status/index.ts',
      title: '站点状态',
      // The ops console holds the admin token and reads the remotes as data only (src/status/README.md): no script
      // from their origins, whatever the site's policy allows its other pages.
      contentSecurityPolicy: "script-src 'self'",
    },
  ],
});
