import { post, type CallOptions } from './client';
import type {
  Activity,
  ActivityList,
  ActivityListPayload,
  ActivityPayload,
  CodeLoginPayload,
  CourseList,
  CourseListPayload,
  HomeContent,
  LoginResult,
  LogoutPayload,
  MessagePayload,
  MessageResult,
  PasswordLoginPayload,
  SearchPayload,
  SearchResult,
  SendCodePayload,
  SendCodeResult,
} from './types';

/** docs/SPEC.md §7: the paths, written once. The reference API and the tests read them from here too. */
export const API_PATHS = {
  sendCode: '/website/websiteSendCode1.0',
  codeLogin: '/website/websiteCodeLogin1.0',
  passwordLogin: '/website/websitePasswordLogin1.0',
  /** Ends the session of a token on the server (the reference API's; not in docs/SPEC.md §7). */
  logout: '/website/websiteLogout1.0',
  message: '/website/websiteMessage1.0',
  search: '/website/websiteSearch1.0',
  integrate: '/website/websiteIntegrateApi1.0',
  activityPage: '/wuyou/activityPageList1.0',
  courseList: '/wenrun/getWenRunCourseList1.0',
  statsLog: '/operation/log',
  /** The field data summary for the status page (`?days=1` or `7`), on the statistics host. */
  fieldSummary: '/operation/fieldSummary',
} as const;

/** One typed function per call of docs/SPEC.md §7. */
export const api = {
  sendCode: (payload: SendCodePayload, options?: CallOptions) =>
    post<SendCodeResult>(API_PATHS.sendCode, payload, options),
  codeLogin: (payload: CodeLoginPayload, options?: CallOptions) =>
    post<LoginResult>(API_PATHS.codeLogin, payload, options),
  passwordLogin: (payload: PasswordLoginPayload, options?: CallOptions) =>
    post<LoginResult>(API_PATHS.passwordLogin, payload, options),
  logout: (payload: LogoutPayload, options?: CallOptions) => post<null>(API_PATHS.logout, payload, options),
  sendMessage: (payload: MessagePayload, options?: CallOptions) =>
    post<MessageResult>(API_PATHS.message, payload, options),
  search: (payload: SearchPayload, options?: CallOptions) => post<SearchResult>(API_PATHS.search, payload, options),
  integrate: (options?: CallOptions) => post<HomeContent>(API_PATHS.integrate, undefined, options),
  activityPage: (payload: ActivityPayload, options?: CallOptions) =>
    post<Activity>(API_PATHS.activityPage, payload, options),
  /** The same call without an id: the activities that are online, a page at a time. */
  activityList: (payload: ActivityListPayload, options?: CallOptions) =>
    post<ActivityList>(API_PATHS.activityPage, payload, options),
  courseList: (payload: CourseListPayload, options?: CallOptions) =>
    post<CourseList>(API_PATHS.courseList, payload, options),
};
