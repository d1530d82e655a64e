import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  API_PATHS,
  CODE_COUNTDOWN_SECONDS,
  maskMobile,
  MESSAGES,
  type LoginResult,
  type SendCodeResult,
} from '@wenrun/shared/node';
import type { AppContext, Limits } from '../context';
import type { UserRow } from '../db/accounts';
import type { WindowCount } from '../db/windowCount';
import { ApiFailure, CODES, ok } from '../envelope';
import { clientOf } from '../net';
import { createCodeReservations } from '../security/codeReservations';
import { verifyAgainstDecoy, verifySecret } from '../security/hash';
import { assertSiteOrigin } from '../security/siteOrigin';
import { BAD_PAYLOAD_MESSAGE, mobileField, parseBody, payload, text } from '../validation';

export const CODE_TTL_SECONDS = 300;
export const CODE_LENGTH = 6;
export const MAX_LOGIN_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const HOUR_MS = 3600 * 1000;
/**
 * The share of the codes the other clients left in the site's hour that one client may take (and at least one): the
 * first clients of an hour take their 10, later ones fewer as the others spend the budget, and a client's own codes
 * never shrink its own share. A hundred addresses asking ten each take 604 of 1000 and leave 396 for everyone else;
 * it takes 381 clients to spend it all (README.md, Limits).
 */
export const CLIENT_SHARE_OF_REMAINING = 0.01;

/** How many codes a client may hold in the hour: its hourly few, and no more than its share of what others left. */
export function clientCodeAllowance(limits: Pick<Limits, 'sendCodePerHour' | 'sendCodePerIpPerHour'>, othersThisHour: number): number {
  const share = Math.max(1, Math.floor((limits.sendCodePerHour - othersThisHour) * CLIENT_SHARE_OF_REMAINING));
  return Math.min(limits.sendCodePerIpPerHour, share);
}

const CODE_PATTERN = new RegExp(`^\\d{${CODE_LENGTH}}$`);
/** The dev-only memory of plain codes forgets the oldest mobiles beyond this. */
const DEV_CODES_KEPT = 1000;

export const AUTH_MESSAGES = {
  wrongPassword: '手机号或密码错误',
  wrongCode: '验证码错误，请重新输入',
  codeFormat: `验证码为${CODE_LENGTH}位数字`,
  noCode: '请先获取验证码',
  codeExpired: '验证码已过期，请重新获取',
  codeUsed: '验证码已失效，请重新获取',
  passwordTooLong: '密码不能超过64个字符',
  attemptsLeft: (left: number) => `，还可尝试${left}次`,
  locked: (minutes: number) => `登录失败次数过多，请${minutes}分钟后再试`,
  resendTooSoon: (seconds: number) => `验证码已发送，请${seconds}秒后再重新获取`,
  clientTooMany: (seconds: number) => `获取验证码次数过多，请${seconds}秒后再试`,
  mobileTooMany: (seconds: number) => `该手机号获取验证码次数过多，请${seconds}秒后再试`,
  siteBusy: (seconds: number) => `验证码发送繁忙，请${seconds}秒后再试`,
} as const;

const passwordLoginBody = payload({
  mobile: mobileField,
  password: text({ required: MESSAGES.passwordRequired, max: 64, tooLong: AUTH_MESSAGES.passwordTooLong, trim: false }),
});

const codeLoginBody = payload({
  mobile: mobileField,
  code: text({ required: MESSAGES.codeRequired, max: CODE_LENGTH, tooLong: AUTH_MESSAGES.codeFormat }).refine(
    (code) => CODE_PATTERN.test(code),
    AUTH_MESSAGES.codeFormat,
  ),
});

const sendCodeBody = payload({ mobile: mobileField });

/** A session token as login hands it out (base64url of 32 bytes); anything else names no session. */
const logoutBody = payload({ token: z.string({ error: BAD_PAYLOAD_MESSAGE }).max(128, BAD_PAYLOAD_MESSAGE) });

const secondsUntil = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / 1000));

/** Two counts over the same window as one: what the database holds and what is being made. */
function together(a: WindowCount, b: WindowCount): WindowCount {
  const oldest = [a.oldest, b.oldest].filter((time): time is number => time !== null);
  return { count: a.count + b.count, oldest: oldest.length ? Math.min(...oldest) : null };
}

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { auth, now } = ctx;

  /**
   * Password and code logins share one failure counter per client and mobile, so switching method gains nothing,
   * and strangers failing a mobile's password lock out themselves, never its owner at their own address.
   */
  async function assertNotLocked(mobile: string, client: string, at: number): Promise<void> {
    const { count, oldest } = await auth.failuresSince(mobile, client, at - LOGIN_WINDOW_MS);
    if (count >= MAX_LOGIN_FAILURES && oldest !== null) {
      const minutes = Math.ceil(secondsUntil(oldest + LOGIN_WINDOW_MS, at) / 60);
      throw new ApiFailure(CODES.tooMany, AUTH_MESSAGES.locked(minutes));
    }
  }

  async function failLogin(mobile: string, client: string, at: number, message: string): Promise<never> {
    await auth.recordFailure(mobile, client, at, at - LOGIN_WINDOW_MS);
    const left = MAX_LOGIN_FAILURES - (await auth.failuresSince(mobile, client, at - LOGIN_WINDOW_MS)).count;
    if (left <= 0) throw new ApiFailure(CODES.tooMany, AUTH_MESSAGES.locked(LOGIN_WINDOW_MS / 60_000));
    const warning = left <= 2 ? AUTH_MESSAGES.attemptsLeft(left) : '';
    throw new ApiFailure(CODES.unauthorized, `${message}${warning}`);
  }

  async function loggedIn(user: UserRow, at: number): Promise<LoginResult> {
    await auth.clearFailures(user.mobile);
    const result: LoginResult = {
      token: await auth.createSession(user.id, at),
      mobile: user.mobile,
      sid: user.sid,
      tid: user.tid,
      schoolName: user.school_name,
    };
    if (user.teacher_icon) result.teacherIcon = user.teacher_icon;
    return result;
  }

  const loginConfig = { config: { loginReply: true } };

  app.post(API_PATHS.passwordLogin, loginConfig, async (request) => {
    const { mobile, password } = parseBody(passwordLoginBody, request.body);
    const client = clientOf(request);
    await assertNotLocked(mobile, client, now());
    const user = await auth.findUser(mobile);
    const hash = user?.password_hash;
    const valid = await ctx.hashGate.run(client, 'login', () => (hash ? verifySecret(password, hash) : verifyAgainstDecoy(password)));
    // The clock is read again after the slow hash so the failure lands at the time it really happened.
    if (!user || !valid) return failLogin(mobile, client, now(), AUTH_MESSAGES.wrongPassword);
    // Parallel guesses all passed the first check; the ones that failed meanwhile count now.
    await assertNotLocked(mobile, client, now());
    return ok(await loggedIn(user, now()));
  });

  const reservations = createCodeReservations();

  /** Refused once `window` has reached `max`, saying when the oldest of it leaves the hour. */
  function assertUnder(window: WindowCount, max: number, at: number, message: (seconds: number) => string): void {
    if (window.count >= max) throw new ApiFailure(CODES.tooMany, message(secondsUntil((window.oldest ?? at) + HOUR_MS, at)));
  }

  /** The database's counts of sent codes, read again if a reserved code was stored meanwhile (it left the reservations). */
  async function sentCounts(mobile: string, client: string, since: number) {
    for (;;) {
      const settled = reservations.settled();
      const counts = await Promise.all([
        auth.latestCode(mobile),
        auth.codesToMobileSince(mobile, since),
        auth.codeTimesFromIpSince(client, since),
        auth.codesSince(since),
      ]);
      if (reservations.settled() === settled) return counts;
    }
  }

  /**
   * Checks every send limit and takes a slot under them in one step after the database's counts are read, before any
   * hashing: concurrent requests see each other's slots, so a burst past the limits is refused at no cost. Per mobile
   * (one code a minute and a few an hour, whoever asks), the site's own budget an hour (what SMS pumping from many
   * addresses can cost at most), and per client its allowance: its hourly few, and no more than its share of what the
   * others left, so that no hundred clients spend the hour for everyone.
   */
  async function reserveSend(mobile: string, client: string, at: number): Promise<() => void> {
    const since = at - HOUR_MS;
    const [latest, toMobile, clientTimes, sent] = await sentCounts(mobile, client, since);
    // From here to the reservation nothing waits: requests of this process see each other's slots.
    const lastSent = latest?.created_at ?? -Infinity;
    const resendAt = Math.max(lastSent, reservations.ofMobile(mobile) ?? -Infinity) + CODE_COUNTDOWN_SECONDS * 1000;
    if (resendAt > at) throw new ApiFailure(CODES.tooMany, AUTH_MESSAGES.resendTooSoon(secondsUntil(resendAt, at)));
    const { limits } = ctx;
    assertUnder(toMobile, limits.sendCodePerMobilePerHour, at, AUTH_MESSAGES.mobileTooMany);
    const siteWide = together(sent, reservations.all());
    assertUnder(siteWide, limits.sendCodePerHour, at, AUTH_MESSAGES.siteBusy);
    // Over its allowance, the client asked too many (whether its hourly few or its share of what the others left):
    // it asks again once enough of its own codes have left the hour.
    const own = [...clientTimes, ...reservations.timesFromIp(client)].sort((a, b) => a - b);
    const allowance = clientCodeAllowance(limits, siteWide.count - own.length);
    const freedBy = own[own.length - allowance];
    if (freedBy !== undefined) throw new ApiFailure(CODES.tooMany, AUTH_MESSAGES.clientTooMany(secondsUntil(freedBy + HOUR_MS, at)));
    return reservations.reserve(mobile, client, at);
  }

  app.post(API_PATHS.sendCode, async (request) => {
    assertSiteOrigin(request, ctx.siteOrigins);
    const { mobile } = parseBody(sendCodeBody, request.body);
    const client = clientOf(request);
    const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
    const release = await reserveSend(mobile, client, now());
    try {
      const codeHash = await ctx.hashGate.run(client, 'code', () => ctx.hashCode(code));
      const at = now();
      await auth.storeCode(mobile, codeHash, client, at, at + CODE_TTL_SECONDS * 1000);
    } finally {
      // Stored, the code is counted by the database from here on. Failed, it was never sent: keeping its slot
      // would refuse the visitor's retry for 60 s and spend one of the IP's codes of the hour on nothing.
      release();
    }
    if (ctx.devCodes) {
      ctx.devCodes.delete(mobile);
      ctx.devCodes.set(mobile, code);
      const oldest = ctx.devCodes.keys().next();
      if (ctx.devCodes.size > DEV_CODES_KEPT && !oldest.done) ctx.devCodes.delete(oldest.value);
      // There is no SMS gateway: in the demo the log is where a developer reads the code.
      request.log.info({ mobile, code }, '验证码已生成（演示模式：未接短信网关，验证码只写入日志）');
    } else {
      // A code in a log is a login for whoever reads the log: the production form never writes one.
      request.log.info({ mobile: maskMobile(mobile) }, '验证码已生成（参考服务器未接短信网关，验证码不会发出）');
    }
    const result: SendCodeResult = { expiresIn: CODE_TTL_SECONDS };
    return ok(result);
  });

  app.post(API_PATHS.codeLogin, loginConfig, async (request) => {
    const { mobile, code } = parseBody(codeLoginBody, request.body);
    const client = clientOf(request);
    const at = now();
    await assertNotLocked(mobile, client, at);
    const latest = await auth.latestCode(mobile);
    // No guess is possible without an outstanding code, so these two do not count as failed attempts.
    if (!latest) throw new ApiFailure(CODES.unauthorized, AUTH_MESSAGES.noCode);
    if (latest.used_at !== null) throw new ApiFailure(CODES.unauthorized, AUTH_MESSAGES.codeUsed);
    if (latest.expires_at <= at) throw new ApiFailure(CODES.unauthorized, AUTH_MESSAGES.codeExpired);
    if (!(await ctx.hashGate.run(client, 'login', () => verifySecret(code, latest.code_hash)))) return failLogin(mobile, client, now(), AUTH_MESSAGES.wrongCode);
    await assertNotLocked(mobile, client, now());
    if (!(await auth.useCode(latest.id, now()))) throw new ApiFailure(CODES.unauthorized, AUTH_MESSAGES.codeUsed);
    return ok(await loggedIn(await auth.findOrCreateVisitor(mobile, now()), now()));
  });

  // The same answer whether the token named a session or not: logging out twice is no error, and the reply tells
  // nobody which tokens exist.
  app.post(API_PATHS.logout, async (request) => {
    const { token } = parseBody(logoutBody, request.body);
    await auth.revokeSession(token);
    return ok(null);
  });
}
