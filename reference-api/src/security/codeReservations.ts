import type { WindowCount } from '../db/windowCount';

/**
 * Verification codes that passed the send limits and are still being made (hashed, then stored). The database
 * counts a code only once it is stored, so without these a burst would pass the limits together and hash in
 * full before being refused; counted here from the moment they pass, the rest of the burst is refused before
 * it costs anything. A reservation lasts until its code is stored or its request fails, never longer.
 */
export function createCodeReservations() {
  /** Per IP, when each reservation was made. */
  const byIp = new Map<string, number[]>();
  /** Per mobile, when its one reservation was made: the 60 s per mobile allow no second. */
  const byMobile = new Map<string, number>();

  /** How many reservations ended so far: a count read from the database before one ended may have missed its code. */
  let ended = 0;

  const counted = (times: number[]): WindowCount => ({ count: times.length, oldest: times.length > 0 ? Math.min(...times) : null });

  return {
    /** When each of a client's reservations was made. */
    timesFromIp: (ip: string): number[] => [...(byIp.get(ip) ?? [])],

    /** Every reservation, from any address: the site's hourly budget counts them. */
    all: (): WindowCount => counted([...byIp.values()].flat()),

    ofMobile: (mobile: string): number | undefined => byMobile.get(mobile),

    settled: (): number => ended,

    /** Returns the release, to call once the code is stored (the database counts it from then) or has failed. */
    reserve(mobile: string, ip: string, at: number): () => void {
      byMobile.set(mobile, at);
      const times = byIp.get(ip) ?? [];
      times.push(at);
      byIp.set(ip, times);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        ended += 1;
        if (byMobile.get(mobile) === at) byMobile.delete(mobile);
        times.splice(times.indexOf(at), 1);
        if (times.length === 0) byIp.delete(ip);
      };
    },
  };
}

export type CodeReservations = ReturnType<typeof createCodeReservations>;
