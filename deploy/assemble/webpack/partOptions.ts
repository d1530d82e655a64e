/** What a part's webpack.config.ts says of itself when it calls the factory (webpack.common.ts); the rest is the factory's. */
export interface PartOptions {
  /** The part's folder (its `__dirname`). */
  dir: string;
  /** Federation container name; the key of this part in `runtime-config.json`'s `remotes`. */
  name: string;
  /** Port of `npm run dev` (and of `npm start`, which reads it from the same table: the parts table of `@wenrun/shared/node`). */
  port: number;
  /** `<title>` of the part's HTML page (the site for the shell, the standalone dev page for a remote). */
  title: string;
  /** Modules this part offers to others; a remote has some, the shell none. */
  exposes?: Record<string, string>;
  /**
   * Where the part's files are served from. Remotes keep `auto` so that the same build works from any origin
   * (ops may serve a copy on another host); the shell needs `/` because history-mode paths are deep.
   */
  publicPath?: string;
  /** Files in `<dir>/public` copied beside index.html as they are (e.g. the shell's runtime-config.json). */
  publicFiles?: string[];
  /**
   * A copy of the app's page under another name, for history-mode fallback, when index.html itself is replaced
   * by a prerendered page (the shell's `app.html`).
   */
  fallbackPage?: string;
  /** Further plain pages of the part, each its own entry and `{name}.html` (e.g. the shell's status page). */
  pages?: {
    name: string;
    entry: string;
    title: string;
    /** A policy of the page's own, as a `<meta>` before its scripts: the browser enforces it and the site's both. */
    contentSecurityPolicy?: string;
  }[];
}
