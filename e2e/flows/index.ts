import { ABOUT_FLOWS } from './about';
import { ACTIVITY_FLOWS } from './activity';
import type { VisitorFlow } from './flow';
import { HEADER_FLOWS } from './header';
import { LOGIN_FLOWS } from './login';
import { REMOTE_DOWN_FLOWS } from './remote-down';
import { ROUTE_FLOWS } from './routes';

/** The visitor flows, run in each engine by tests/visitor-flows.spec.ts (e2e/README.md). */
export const VISITOR_FLOWS: VisitorFlow[] = [
  ...ROUTE_FLOWS,
  ...LOGIN_FLOWS,
  ...HEADER_FLOWS,
  ...ABOUT_FLOWS,
  ...ACTIVITY_FLOWS,
  ...REMOTE_DOWN_FLOWS,
];
