/**
 * What the activity page says in its own words (the API's messages come with the data); tests read them here.
 * The problem headings and the names of its facts are shared with the page's head (`@wenrun/shared`).
 */
export const ACTIVITY_TEXT = {
  loading: '活动加载中…',
  backHome: '返回官网首页',
  homeLink: '文润教育官网',
  retry: '重新加载',
  moreActivities: '您可以返回官网首页，了解更多研训活动。',
  missingId: '链接中缺少活动编号，请检查链接是否完整。',
  invalidId: '活动编号应为数字，请检查链接是否完整。',
  signUpTitle: '报名信息',
  deadline: '报名截止',
  contact: '联系人',
  phone: '报名电话',
  callToSignUp: '电话报名',
  callToAsk: '电话咨询',
  noPhone: '报名电话请留意主办方通知',
  status: { open: '报名中', closed: '报名已截止', ended: '活动已结束', unknown: '' },
  version: (version: string, gitHash: string, builtAt: string) => `页面版本 ${version}（${gitHash}，${builtAt} 构建）`,
} as const;
