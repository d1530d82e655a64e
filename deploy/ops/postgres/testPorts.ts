/**
 * The ports of the test suites' PostgreSQL clusters: 55400–55449 for the data layer (a port per Jest worker, and the
 * reference API's shared cluster on the last), 55450–55469 for the coordination suites. `npm run test:lines` runs
 * Jest on two Node lines side by side; the second run's clusters sit `WENRUN_TEST_PORT_SHIFT` ports higher (100), so
 * the two never meet.
 */
export const TEST_PORT_SHIFT_ENV = 'WENRUN_TEST_PORT_SHIFT';

/** `base` moved by this run's shift. */
export function testPort(base: number): number {
  return base + Number(process.env[TEST_PORT_SHIFT_ENV] ?? 0);
}
