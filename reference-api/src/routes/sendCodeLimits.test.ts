import { API_PATHS, CODE_COUNTDOWN_SECONDS, SUCCESS_CODE } from '@wenrun/shared/node';
import { hashSecret } from '../security/hash';
import { expectRefusal, manualClock, postForm, startServer, type Reply, type TestServer } from '../test/harness';
import { AUTH_MESSAGES } from './authMessages';
import { sendCodeTo, signInSite } from './authFixture';

describe('send-code limit per mobile', () => {
  const { clock, at, sendCode, devCode } = signInSite();

  it(`allows one code per mobile per ${CODE_COUNTDOWN_SECONDS} s, saying how long to wait`, async () => {
    const mobile = '13600000005';
    await sendCode(mobile);
    const firstCode = await devCode(mobile);
    clock.advance(20_000);
    expectRefusal(await sendCode(mobile), AUTH_MESSAGES.resendTooSoon(40));
    clock.advance(40_000);
    expect((await sendCode(mobile)).body?.header.code).toBe(SUCCESS_CODE);
    // The new code replaces the old one.
    const secondCode = await devCode(mobile);
    if (secondCode !== firstCode) {
      expectRefusal(await postForm(at(API_PATHS.codeLogin), { mobile, code: firstCode }), /^验证码错误/);
    }
    expect((await postForm(at(API_PATHS.codeLogin), { mobile, code: secondCode })).body?.header.code).toBe(SUCCESS_CODE);
  });
});

describe('send-code limit per IP', () => {
  it('refuses the 4th code of the hour from one IP (loopback included), saying how many seconds to wait', async () => {
    const clock = manualClock();
    const server = await startServer({ now: clock.now, limits: { sendCodePerIpPerHour: 3 } });
    try {
      for (const mobile of ['13700000001', '13700000002', '13700000003']) {
        expect((await postForm(`${server.url}${API_PATHS.sendCode}`, { mobile })).body?.header.code).toBe(SUCCESS_CODE);
        clock.advance(60_000);
      }
      const refused = await postForm(`${server.url}${API_PATHS.sendCode}`, { mobile: '13700000004' });
      // The first code was sent 3 minutes ago: the hour ends in 57 minutes.
      expectRefusal(refused, AUTH_MESSAGES.clientTooMany(57 * 60));
      clock.advance(57 * 60_000);
      expect((await postForm(`${server.url}${API_PATHS.sendCode}`, { mobile: '13700000004' })).body?.header.code).toBe(
        SUCCESS_CODE,
      );
    } finally {
      await server.close();
    }
  });
});

describe('send-code under a burst from one IP', () => {
  /** The real hash, counted: which requests paid for one. */
  function countedHash() {
    const hashed: string[] = [];
    const hashCode = (code: string) => {
      hashed.push(code);
      return hashSecret(code);
    };
    return { hashed, hashCode };
  }

  const burst = (server: TestServer, mobiles: string[]) => Promise.all(mobiles.map((mobile) => sendCodeTo(server, mobile)));
  const isSent = (reply: Reply) => reply.body?.header.code === SUCCESS_CODE;

  it('hashes only for the codes it sends: the requests past the per-IP limit are refused before any hashing', async () => {
    const { hashed, hashCode } = countedHash();
    const server = await startServer({ now: manualClock().now, limits: { sendCodePerIpPerHour: 3 }, hashCode });
    try {
      const replies = await burst(server, Array.from({ length: 20 }, (_, i) => `1370000${1000 + i}`));
      expect(replies.filter(isSent)).toHaveLength(3);
      for (const refused of replies.filter((reply) => !isSent(reply))) expectRefusal(refused, AUTH_MESSAGES.clientTooMany(3600));
      expectRefusal(await sendCodeTo(server, '13700009999'), AUTH_MESSAGES.clientTooMany(3600));
      expect(hashed).toHaveLength(3);
    } finally {
      await server.close();
    }
  });

  it('sends one code to a mobile asked for many times at once, hashing once', async () => {
    const { hashed, hashCode } = countedHash();
    const server = await startServer({ now: manualClock().now, hashCode });
    try {
      const replies = await burst(server, Array.from({ length: 8 }, () => '13700002000'));
      expect(replies.filter(isSent)).toHaveLength(1);
      for (const refused of replies.filter((reply) => !isSent(reply))) {
        expectRefusal(refused, AUTH_MESSAGES.resendTooSoon(CODE_COUNTDOWN_SECONDS));
      }
      expect(hashed).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('gives the slot back when making the code fails: the retry is neither too soon nor too many', async () => {
    let failNext = true;
    const hashCode = (code: string) => {
      if (!failNext) return hashSecret(code);
      failNext = false;
      return Promise.reject(new Error('hash failed'));
    };
    const server = await startServer({ now: manualClock().now, limits: { sendCodePerIpPerHour: 1 }, hashCode });
    try {
      expect(isSent(await sendCodeTo(server, '13700003000'))).toBe(false);
      expect(isSent(await sendCodeTo(server, '13700003000'))).toBe(true);
    } finally {
      await server.close();
    }
  });
});
