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
import { API_PATHS } from './paths';

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
