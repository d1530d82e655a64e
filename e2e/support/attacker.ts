import { API_PORT, SHELL_PART, type Envelope } from '@wenrun/shared/node';
import type { NginxSite } from '@wenrun/deploy/ops/nginx/site';
import { request, type RequestOptions } from './https';

/*
 * The site as an attacker sees it (the attacker-*.spec.ts files): each test is an exploit that worked before the site
 * was made safe to put on the internet (issue 33), and what the site answers now. Against the production form (nginx
 * over TLS, the reference API in production mode behind it, as deploy/ops/nginx/start.ts runs them) and against
 * `npm start`, the demo form. Their own project, after every other test: they edit the runtime config `npm start`
 * serves, for a moment.
 */

/** `npm start`'s API, and the origin of its pages. */
export const API = `http://localhost:${API_PORT}`;
export const SHELL = `http://localhost:${SHELL_PART.port}`;

/** The Origin header the production form's own pages send. */
export const siteOrigin = (site: NginxSite) => ({ Origin: site.shell });

export type Reply = Envelope<unknown> & { status: number };

/** A form post as a browser or a script sends it, from `localAddress` when given (another visitor). */
export async function postForm(url: string, fields: Record<string, string>, options: RequestOptions = {}): Promise<Reply> {
  const answer = await request(url, {
    ...options,
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...options.headers },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: answer.status, ...(JSON.parse(answer.body) as Envelope<unknown>) };
}
