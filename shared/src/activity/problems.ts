/**
 * Why an activity cannot be shown: the link itself is wrong (asking the API would not help), the API says there
 * is no such activity, or the API could not be reached or answered nonsense (trying again may help).
 */
export type ActivityProblemKind = 'invalid' | 'notFound' | 'unavailable';

/** The heading of the page that says so, and its document title. */
export const ACTIVITY_PROBLEM_TITLES: Record<ActivityProblemKind, string> = {
  invalid: '活动链接不正确',
  notFound: '没有找到这个活动',
  unavailable: '活动暂时无法显示',
};
