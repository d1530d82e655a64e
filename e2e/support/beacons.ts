import { API_PATHS, type Envelope } from '@wenrun/shared/node';
import { request } from './https';

export type BeaconReply = Envelope<unknown> & { status: number };

export interface BeaconRoute {
  /** The certificate of the site's TLS (the tests' nginx makes its own). */
  ca?: Buffer;
  /** The visitor: another loopback address (127.0.N.M) is another client to nginx, which names it to the API. */
  localAddress?: string;
}

/**
 * One beacon as the collector sends it (text/plain, so no preflight) to the statistics call of `api`, the API's
 * origin; its body is a batch made with @wenrun/reference-api/test/fieldViews, or what a forger sends.
 */
export async function sendBeacon(api: string, batch: unknown, { ca, localAddress }: BeaconRoute = {}): Promise<BeaconReply> {
  const answer = await request(`${api}/stats${API_PATHS.statsLog}`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    body: JSON.stringify(batch),
    ...(ca ? { ca } : {}),
    ...(localAddress ? { localAddress } : {}),
  });
  return { status: answer.status, ...(JSON.parse(answer.body) as Envelope<unknown>) };
}
