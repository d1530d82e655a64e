import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_PATHS, maskMobile, MESSAGES, type LoginResult, type SendCodeResult } from '@wenrun/shared/node';
import type { AppContext } from '../context';
import type { UserRow } from '../db/accounts';
import type { AuthStore } from '../db/auth';
import { ApiFailure, CODES, ok } from '../envelope';
import { clientOf } from '../net';
import { verifyAgainstDecoy, verifySecret } from '../security/hash';
import { assertSiteOrigin } from '../security/siteOrigin';
import { BAD_PAYLOAD_MESSAGE, mobileField, parseBody, payload, text } from '../validation';
import { AUTH_MESSAGES, CODE_LENGTH } from './authMessages';
import { createLoginLock } from './loginLock';
import { createSendCodeLimits } from './sendCodeLimits';

export const CODE_TTL_SECONDS = 300;

const CODE_PATTERN = new RegExp(`^\\d{${CODE_LENGTH}}$`);
/** The dev-only memory of plain codes forgets the oldest mobiles beyond this. */
const DEV_CODES_KEPT = 1000;

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

/** A successful login: the mobile's failures forgotten and a new session handed out. */
async function loggedIn(auth: AuthStore, user: UserRow, at: number): Promise<LoginResult> {
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

/** Where a stored code goes without an SMS gateway: the demo's memory and log, or nowhere in the production form. */
function announceCode(ctx: AppContext, log: FastifyBaseLogger, mobile: string, code: string): void {
  if (ctx.devCodes) {
    ctx.devCodes.delete(mobile);
    ctx.devCodes.set(mobile, code);
    const oldest = ctx.devCodes.keys().next();
    if (ctx.devCodes.size > DEV_CODES_KEPT && !oldest.done) ctx.devCodes.delete(oldest.value);
    // There is no SMS gateway: in the demo the log is where a developer reads the code.
    log.info({ mobile, code }, '验证码已生成（演示模式：未接短信网关，验证码只写入日志）');
  } else {
    // A code in a log is a login for whoever reads the log: the production form never writes one.
    log.info({ mobile: maskMobile(mobile) }, '验证码已生成（参考服务器未接短信网关，验证码不会发出）');
  }
}

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { auth, now } = ctx;
  const { assertNotLocked, failLogin } = createLoginLock(auth);
  const { reserveSend } = createSendCodeLimits(ctx);
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
    return ok(await loggedIn(auth, user, now()));
  });

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
    announceCode(ctx, request.log, mobile, code);
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
    return ok(await loggedIn(auth, await auth.findOrCreateVisitor(mobile, now()), now()));
  });

  // The same answer whether the token named a session or not: logging out twice is no error, and the reply tells
  // nobody which tokens exist.
  app.post(API_PATHS.logout, async (request) => {
    const { token } = parseBody(logoutBody, request.body);
    await auth.revokeSession(token);
    return ok(null);
  });
}
