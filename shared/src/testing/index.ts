/** What the parts' tests share (never imported by code that ships): `@wenrun/shared/testing`. */
export { TEST_ACTIVITY } from '../activity/testActivity';
export { TestRouter } from './TestRouter';
