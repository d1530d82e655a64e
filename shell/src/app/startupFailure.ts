import { stopHoldingTaps } from '../taps/earlyTaps';

/** What the visitor reads when the shell's own code cannot start. */
export const STARTUP_FAILURE_TEXT = {
  message: '页面加载失败，请检查网络后重新加载。',
  reload: '重新加载',
} as const;

const NOTICE_ID = 'startup-failure';

/**
 * When the shell's own chunks cannot be loaded (a phone losing its connection mid-load, a deploy replacing files
 * under an open page), React is not there to render anything and a client-rendered page would stay white. The
 * notice is plain DOM, styled here because the shell's stylesheet may be what failed. A prerendered page keeps its
 * readable content (its links are real links) and gets the notice above it.
 */
export function showStartupFailure(error: unknown): void {
  console.error('[shell] 启动失败', error);
  stopHoldingTaps();
  if (document.getElementById(NOTICE_ID)) return;
  const notice = document.createElement('div');
  notice.id = NOTICE_ID;
  notice.setAttribute('role', 'alert');
  Object.assign(notice.style, {
    padding: '16px',
    background: '#fff8e1',
    borderBottom: '1px solid #e0c46c',
    color: '#333',
    fontSize: '16px',
    lineHeight: '1.6',
    textAlign: 'center',
  });
  const message = document.createElement('p');
  message.textContent = STARTUP_FAILURE_TEXT.message;
  Object.assign(message.style, { margin: '0 0 8px' });
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.textContent = STARTUP_FAILURE_TEXT.reload;
  Object.assign(reload.style, {
    minHeight: '44px',
    padding: '0 20px',
    border: '0',
    borderRadius: '4px',
    background: 'var(--brand, #1f5fa8)',
    color: '#fff',
    fontSize: '16px',
  });
  reload.addEventListener('click', () => window.location.reload());
  notice.append(message, reload);
  document.body.prepend(notice);
}
