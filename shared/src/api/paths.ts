/**
 * docs/SPEC.md §7: the paths, written once. The reference API and the tests read them from here too, apart from the
 * calls (endpoints.ts) so that Node code has them without the browser's client.
 */
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

/**
 * The header the site's own servers (the render servers) send their service credential in: the API knows them by
 * it, not by their address (behind nginx every render server is the same one), and counts them against no visitor's
 * budget.
 */
export const SERVICE_TOKEN_HEADER = 'x-wenrun-service-token';
