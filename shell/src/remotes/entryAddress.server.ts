/**
 * On the render server a remote is loaded from its manifest as configured: Module Federation's Node runtime finds
 * the remote's server build there (`metaData.ssrRemoteEntry`). The browser's rule is in `entryAddress.ts`.
 */
export function entryAddress(configured: string): string {
  return configured;
}
