/**
 * Texts of the cooperation form, in a module without imports so the browser tests can read them too. Its limits
 * and their messages are shared with the API: MESSAGE_NAME_MAX, MESSAGE_CONTENT_MAX and MESSAGES in
 * shared/src/constants.ts.
 */
export const MESSAGE_FORM_TEXT = {
  sentTitle: '留言已提交，感谢您的关注！',
  failedTitle: '留言没有提交成功',
  restoredDraft: '已为您恢复上次没有提交的留言。',
} as const;
