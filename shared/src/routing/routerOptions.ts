/**
 * How every router of the site behaves (the shell's in the browser and on the server, a remote's standalone page,
 * the tests'): React Router 7's behaviour, opted into now. `v7_startTransition` makes each navigation a React
 * transition, so a page whose code is still on its way keeps the current page on screen instead of a skeleton.
 */
export const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;
