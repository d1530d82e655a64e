import { SHELL_PART } from '../../shared/src/config/parts';

/** The public address of the site, for canonical links, Open Graph, structured data and the sitemap. */
export const SITE_URL = (process.env.SITE_URL ?? `http://localhost:${SHELL_PART.port}`).replace(/\/$/, '');
