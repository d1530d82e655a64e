import { REMOTE_PARTS } from '@wenrun/shared/node';
import { createPartConfig } from '../webpack.common';

export default createPartConfig({
  dir: import.meta.dirname,
  name: 'header',
  port: REMOTE_PARTS.header.port,
  title: '页头与搜索',
  exposes: {
    './Header': './src/exposes/Header.tsx',
    './SearchResults': './src/exposes/SearchResults.tsx',
  },
});
