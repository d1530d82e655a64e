import { API_PATHS, type SendCodeResult } from '@wenrun/shared/node';
import { DEMO_ACCOUNTS } from '../seed/accounts';
import { getJson, manualClock, postForm, startServer, type TestServer } from '../test/harness';

/** The shared setup of the sign-in routes' tests: the demo accounts, a server on a clock the test moves, its codes. */
export const [withIcon, withoutIcon] = DEMO_ACCOUNTS as [(typeof DEMO_ACCOUNTS)[0], (typeof DEMO_ACCOUNTS)[0]];

/** A visitor on loopback asking `server` to text a code to `mobile`. */
export function sendCodeTo(server: TestServer, mobile: string) {
  return postForm<SendCodeResult>(`${server.url}${API_PATHS.sendCode}`, { mobile });
}

/** The code last texted to `mobile`, read through the development endpoint (the demo's stand-in for the phone). */
export async function devCodeOf(server: TestServer, mobile: string): Promise<string> {
  const reply = await getJson<{ code: string }>(`${server.url}/__dev/codes/${mobile}`);
  const code = reply.body?.data.code;
  if (!code) throw new Error(`no code for ${mobile}`);
  return code;
}

export interface SignInSite {
  clock: ReturnType<typeof manualClock>;
  /** The server's address of `path`. */
  at(path: string): string;
  sendCode(mobile: string): ReturnType<typeof sendCodeTo>;
  devCode(mobile: string): Promise<string>;
  /** Its database, for `openDatabase`: the test reads what the server stored. */
  database(): string;
}

/**
 * One server for the calling suite, on a clock the test moves, letting loopback ask for 50 codes an hour (the
 * suite's tests ask for many; the per-client limit has tests of its own in sendCodeLimits.test.ts).
 */
export function signInSite(): SignInSite {
  const clock = manualClock();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ now: clock.now, limits: { sendCodePerIpPerHour: 50 } });
  });
  afterAll(() => server.close());
  return {
    clock,
    at: (path) => `${server.url}${path}`,
    sendCode: (mobile) => sendCodeTo(server, mobile),
    devCode: (mobile) => devCodeOf(server, mobile),
    database: () => server.database,
  };
}
