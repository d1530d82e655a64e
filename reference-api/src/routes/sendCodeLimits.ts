import { CODE_COUNTDOWN_SECONDS, HOUR_MS } from '@wenrun/shared/node';
import type { AppContext, Limits } from '../context';
import type { WindowCount } from '../db/windowCount';
import { ApiFailure, CODES } from '../envelope';
import { createCodeReservations } from '../security/codeReservations';
import { AUTH_MESSAGES, secondsUntil } from './authMessages';

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

/** Two counts over the same window as one: what the database holds and what is being made. */
function together(a: WindowCount, b: WindowCount): WindowCount {
  const oldest = [a.oldest, b.oldest].filter((time): time is number => time !== null);
  return { count: a.count + b.count, oldest: oldest.length ? Math.min(...oldest) : null };
}

/** Refused once `window` has reached `max`, saying when the oldest of it leaves the hour. */
function assertUnder(window: WindowCount, max: number, at: number, message: (seconds: number) => string): void {
  if (window.count >= max) throw new ApiFailure(CODES.tooMany, message(secondsUntil((window.oldest ?? at) + HOUR_MS, at)));
}

/** The send limits of login codes, with the slots of the codes being made in this process. */
export function createSendCodeLimits(ctx: Pick<AppContext, 'auth' | 'limits'>) {
  const { auth } = ctx;
  const reservations = createCodeReservations();

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
   * others left, so that no hundred clients spend the hour for everyone. Returns the slot's release.
   */
  async function reserveSend(mobile: string, client: string, at: number): Promise<() => void> {
    const { limits } = ctx;
    const [latest, toMobile, clientTimes, sent] = await sentCounts(mobile, client, at - HOUR_MS);
    // From here to the reservation nothing waits: requests of this process see each other's slots.
    const lastSent = latest?.created_at ?? -Infinity;
    const resendAt = Math.max(lastSent, reservations.ofMobile(mobile) ?? -Infinity) + CODE_COUNTDOWN_SECONDS * 1000;
    if (resendAt > at) throw new ApiFailure(CODES.tooMany, AUTH_MESSAGES.resendTooSoon(secondsUntil(resendAt, at)));
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

  return { reserveSend };
}
