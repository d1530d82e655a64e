import { SERVICE_TOKEN_HEADER } from '@wenrun/shared/node';

/**
 * Every request this process makes to the site's API carries the service credential (`SERVICE_TOKEN_HEADER`): the
 * API knows the render server by it, not by its address, which behind nginx is the same for every render server and
 * for a visitor on the machine. It is the global `fetch` that carries it, because the data calls are the shell's and
 * the remotes' own code (their server builds), which know nothing of it. Only the API's origin of the current
 * config gets it (`apiOrigin`, read on each request: an edited config moves it), no other host.
 *
 * What a remote's code could do with it: skip the API's per-address budget, which it already could by being in this
 * process. It opens nothing else (not the admin endpoints: that is another token, which this process never holds).
 */
export function sendServiceToken(token: string, apiOrigin: () => string): void {
  const unwrapped = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
    if (!URL.canParse(url) || new URL(url).origin !== apiOrigin()) return unwrapped(input, init);
    const request = new Request(input, init);
    request.headers.set(SERVICE_TOKEN_HEADER, token);
    return unwrapped(request);
  };
}
