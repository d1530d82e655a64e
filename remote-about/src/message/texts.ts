/**
 * Limits and messages of the cooperation form, in a module without imports so the browser tests can read them
 * too. The limits are those of websiteMessage1.0 as the reference API enforces them
 * (reference-api/src/routes/message.ts).
 */
export const NAME_MAX_CHARS = 20;
export const MESSAGE_MAX_CHARS = 500;

export const MESSAGE_FORM_TEXT = {
  nameRequired: '请输入姓名',
  nameTooLong: `姓名不能超过${NAME_MAX_CHARS}个字`,
  messageRequired: '请输入留言内容',
  messageTooLong: `留言内容不能超过${MESSAGE_MAX_CHARS}个字`,
  sentTitle: '留言已提交，感谢您的关注！',
  failedTitle: '留言没有提交成功',
  restoredDraft: '已为您恢复上次没有提交的留言。',
} as const;
