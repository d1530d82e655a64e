import { SHELL_PART } from '@wenrun/shared/node';

/** The public address of the site, for canonical links, Open Graph, structured data and the sitemap. */
export const SITE_URL = (process.env.SITE_URL ?? `http://localhost:${SHELL_PART.port}`).replace(/\/$/, '');
