/**
 * The ports of the test suites' PostgreSQL clusters, counted from FIRST_TEST_PORT: the first 49 for the data layer
 * (a port per Jest worker) and the 49th for the reference API's shared cluster, the next 20 for the coordination
 * suites. `npm run test:lines` runs Jest on two Node lines side by side; each run's clusters sit
 * `WENRUN_TEST_PORT_SHIFT` ports higher (100, 200), so the runs never meet.
 */
export const TEST_PORT_SHIFT_ENV = 'WENRUN_TEST_PORT_SHIFT';

/**
 * Below Linux's ephemeral range (32768–60999, net.ipv4.ip_local_port_range): a port there can be the local end of any
 * client connection on the machine, and a cluster starting on it then fails with "Address already in use" (CI did, on
 * 55502, while the suites beside it made thousands of HTTP requests).
 */
export const FIRST_TEST_PORT = 25_400;

/** The port `offset` places after FIRST_TEST_PORT, moved by this run's shift. */
export function testPort(offset: number): number {
  return FIRST_TEST_PORT + offset + Number(process.env[TEST_PORT_SHIFT_ENV] ?? 0);
}
