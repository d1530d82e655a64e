import { REMOTE_PARTS } from '@wenrun/shared/node';
import { createPartConfig } from '../webpack.common';

export default createPartConfig({
  dir: import.meta.dirname,
  name: 'auth',
  port: REMOTE_PARTS.auth.port,
  title: '登录',
  exposes: { './LoginModal': './src/exposes/LoginModal.tsx' },
});
