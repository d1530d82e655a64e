/**
 * docs/SPEC.md §5, §8, §9: every business constant and user-facing message, in one place. Code and tests import
 * them from here; nothing else spells them out.
 */
export const REQUEST_TIMEOUT_MS = 15_000;
export const CODE_COUNTDOWN_SECONDS = 60;
export const SUCCESS_CODE = '200';
/** The envelope code for "no such thing" (an activity taken offline): the one failure a page acts on by code. */
export const NOT_FOUND_CODE = '404';
export const TOAST_DURATION_MS = 3_000;
export const REDIRECT_LIMIT = 10;
/**
 * How long a script chunk (the shell's or a remote's) may take before it counts as failed: a slot then says so
 * and retries. Webpack's own default is 120 s of skeleton; the remotes' entries and manifests have
 * deadlines of their own (shell/src/remotes/deadlinePlugin.ts).
 */
export const CHUNK_LOAD_TIMEOUT_MS = 15_000;
/** The about header turns white once the page is scrolled past this offset. */
export const HEADER_SCROLL_THRESHOLD = 0;
export const SERVICE_IMAGE_WIDTH = 410;
/** The longest search text, in characters as a visitor counts them (an emoji is one); the API refuses longer. */
export const SEARCH_KEYWORD_MAX = 200;
/**
 * The cooperation form (websiteMessage1.0): the longest name and message, in characters as a visitor counts them;
 * the API refuses longer.
 */
export const MESSAGE_NAME_MAX = 20;
export const MESSAGE_CONTENT_MAX = 500;
/** Local-storage key of the login store (docs/SPEC.md §3: a fixed key). */
export const LOGIN_STORAGE_KEY = 'wenrun.login';
/** Session-storage key of the cooperation form's unsent draft: its store id (docs/SPEC.md §3, persistence rule). */
export const MESSAGE_DRAFT_ID = 'about.messageDraft';

export const MESSAGES = {
  invalidMobile: '请输入正确的手机号码',
  codeRequired: '请输入验证码',
  passwordRequired: '请输入密码',
  searchRequired: '请输入搜索关键词',
  searchTooLong: `搜索关键词不能超过${SEARCH_KEYWORD_MAX}个字`,
  nameRequired: '请输入姓名',
  nameTooLong: `姓名不能超过${MESSAGE_NAME_MAX}个字`,
  messageRequired: '请输入留言内容',
  messageTooLong: `留言内容不能超过${MESSAGE_CONTENT_MAX}个字`,
  loginSuccess: '登录成功',
  logoutSuccess: '已退出登录',
  retryCode: '重新获取',
  sendCode: '获取验证码',
  network: '后端接口连接异常，请检查网络',
  timeout: '系统接口请求超时，请检查网络',
  httpStatus: (status: number) => `系统接口${status}异常`,
  badResponse: '系统接口返回的数据异常，请稍后再试',
  envelopeFallback: '系统繁忙，请稍后再试',
  redirectLoop: '页面跳转次数过多，已停止跳转，请返回首页',
} as const;
