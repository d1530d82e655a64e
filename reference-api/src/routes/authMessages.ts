/** The digits of a login code; the code-format message states it, so it lives beside the messages. */
export const CODE_LENGTH = 6;

export const AUTH_MESSAGES = {
  wrongPassword: '手机号或密码错误',
  wrongCode: '验证码错误，请重新输入',
  codeFormat: `验证码为${CODE_LENGTH}位数字`,
  noCode: '请先获取验证码',
  codeExpired: '验证码已过期，请重新获取',
  codeUsed: '验证码已失效，请重新获取',
  passwordTooLong: '密码不能超过64个字符',
  attemptsLeft: (left: number) => `，还可尝试${left}次`,
  locked: (minutes: number) => `登录失败次数过多，请${minutes}分钟后再试`,
  resendTooSoon: (seconds: number) => `验证码已发送，请${seconds}秒后再重新获取`,
  clientTooMany: (seconds: number) => `获取验证码次数过多，请${seconds}秒后再试`,
  mobileTooMany: (seconds: number) => `该手机号获取验证码次数过多，请${seconds}秒后再试`,
  siteBusy: (seconds: number) => `验证码发送繁忙，请${seconds}秒后再试`,
} as const;

/** The wait a refusal names: whole seconds, and never less than one. */
export const secondsUntil = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / 1000));
