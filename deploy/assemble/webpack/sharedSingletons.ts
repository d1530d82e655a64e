/**
 * One instance in the page (docs/ARCHITECTURE.md, federation contract), and who brings it:
 * - `shell`: the shell's own code uses it, so the shell provides it on every page before any remote starts. A remote
 *   consumes the shell's copy and carries none (`import: false`): its entry then lists no copy of its own to offer,
 *   about 0.7 KB as sent per remote on a page, and its folder holds no second React.
 * - `first`: the shell does not use it; whichever remote's entry registers first provides it.
 * axios is not listed: it is reached only through `@wenrun/shared` (its one API client) and travels inside it, as a
 * chunk of its own fetched with the first API call. JSX's runtime is shared with React: otherwise each chunk that
 * renders carries its own copy (five on an about page).
 * Beside the factory (webpack.common.ts) rather than in it: the contract check (deploy/assemble/contract.ts) holds the built
 * manifests to the same list, and deploy never imports the factory, which imports deploy's pieces.
 */
export const SHARED_SINGLETONS = {
  react: 'shell',
  'react-dom': 'shell',
  'react/jsx-runtime': 'shell',
  // The router the shell owns: one router context for the shell's routes and every remote's links.
  'react-router-dom': 'shell',
  '@wenrun/shared': 'shell',
  // The MobX stores and the page's one MobX inside them, apart so that a page without the login loads no MobX (see
  // `@wenrun/shared/stores`).
  '@wenrun/shared/stores': 'shell',
  // Semantic UI React: its machinery paid once per page, not once per part that draws a button.
  'semantic-ui-react': 'shell',
  // Its Form apart, by the package's own module of it: Form's shorthand statics bring Dropdown, Select, Checkbox, Radio
  // and TextArea, and only the forms a tap opens draw one. Offered by the shell like the rest, fetched with the first
  // form; the machinery it has in common with the selection above is the selection's (BENCHMARKS.md, session 16).
  'semantic-ui-react/dist/es/collections/Form/Form.js': 'shell',
} as const satisfies Record<string, 'shell' | 'first'>;
