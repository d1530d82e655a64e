/**
 * The API's data shapes. docs/SPEC.md §7 fixes the paths, the form bodies and the envelope; the shape of `data` is
 * ours (the reference API implements it), so it is written down here once for the client and the server.
 */
export interface EnvelopeHeader {
  code: string;
  codeMsg: string;
}

export interface Envelope<T> {
  header: EnvelopeHeader;
  data: T;
}

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface PageQuery {
  page?: number;
  pageSize?: number;
}

/** Paths of images are relative to the API's base address (see `assetUrl`). */
export interface Course {
  id: number;
  title: string;
  category: string;
  lecturer: string;
  lessons: number;
  summary: string;
  cover: string;
}

export interface Expert {
  id: number;
  name: string;
  title: string;
  organization: string;
  field: string;
  intro: string;
  avatar: string;
}

export interface SendCodePayload {
  mobile: string;
}

export interface SendCodeResult {
  /** Seconds the code stays valid. */
  expiresIn: number;
}

export interface CodeLoginPayload {
  mobile: string;
  code: string;
}

export interface PasswordLoginPayload {
  mobile: string;
  password: string;
}

/** docs/SPEC.md §3: login response data. `teacherIcon` may be missing (the default avatar is used then). */
export interface LoginResult {
  token: string;
  mobile: string;
  teacherIcon?: string;
  sid: string;
  tid: string;
  schoolName: string;
  /** Error text, present when the login failed. */
  resultStr?: string;
}

/** Logout: the token a login handed out, whose session ends. */
export interface LogoutPayload {
  token: string;
}

export interface MessagePayload {
  name: string;
  phone: string;
  message: string;
}

export interface MessageResult {
  id: number;
}

export type SearchScope = 'all' | 'course' | 'expert';

export interface SearchPayload extends PageQuery {
  keyword: string;
  scope?: SearchScope;
}

export interface SearchResult {
  keyword: string;
  courses: Paged<Course>;
  experts: Paged<Expert>;
}

export interface Banner {
  id: number;
  title: string;
  subtitle: string;
  image: string;
  link: string;
}

export interface NewsItem {
  id: number;
  title: string;
  date: string;
  summary: string;
}

export interface Partner {
  id: number;
  name: string;
  region: string;
}

export interface HomeContent {
  banners: Banner[];
  courses: Course[];
  experts: Expert[];
  news: NewsItem[];
  partners: Partner[];
}

export interface ActivityPayload {
  id: string;
}

export type ActivityBlock =
  | { type: 'text'; title?: string; html: string }
  | { type: 'image'; src: string; alt: string; width: number; height: number }
  | { type: 'list'; title?: string; items: string[] };

export interface ActivitySignUp {
  deadline: string;
  contact: string;
  phone: string;
  note: string;
}

/**
 * `wuyou/activityPageList1.0` without an id: one page of the activities that are online (docs/SPEC.md §7: the payload
 * is passed through). The build writes a page for each; `updatedAt` says when one last changed.
 */
export interface ActivityListPayload {
  page?: number;
  size?: number;
}

export interface ActivitySummary {
  id: number;
  title: string;
  cover: string;
  startTime: string;
  endTime: string;
  /** ISO time of the last change. */
  updatedAt: string;
}

export interface ActivityList {
  list: ActivitySummary[];
  total: number;
  page: number;
  size: number;
}

export interface Activity {
  id: number;
  title: string;
  subtitle: string;
  startTime: string;
  endTime: string;
  place: string;
  organizer: string;
  cover: string;
  blocks: ActivityBlock[];
  signUp: ActivitySignUp;
  /** ISO time of the last change (see ActivitySummary). */
  updatedAt?: string;
}

export interface CourseListPayload extends PageQuery {
  category?: string;
}

export interface CourseList extends Paged<Course> {
  categories: string[];
}

/** A statistics event (JSON body of /operation/log). */
export interface StatsEvent {
  type: string;
  path: string;
  detail?: Record<string, string | number | boolean>;
}
