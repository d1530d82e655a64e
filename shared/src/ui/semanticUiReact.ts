/**
 * What the page's one copy of Semantic UI React offers. The federation shares `semantic-ui-react` once in the page,
 * provided by the shell (webpack.common.ts): its machinery (shorthand factories, auto-controlled state, lodash parts)
 * is then paid once per page instead of once per part that draws a button (`/` 150.5 instead of 159.4 KB, `/about/3`
 * 169.1 instead of 178.5, BENCHMARKS.md). A shared package is not tree-shaken by the parts that use it, so the shell
 * provides this selection of its exports instead of the whole library. Every part still imports from
 * `semantic-ui-react`; lint allows only the names listed here (eslint/sharedPackages.mjs reads this file), and the
 * stylesheet pruning reads these components' class names (deploy/assemble/webpack/semanticCss.ts). `Form` is not here: it
 * is shared on its own, from the package's module of it (deploy/assemble/webpack/sharedSingletons.ts), so that the
 * widgets its statics bring load with the first form rather than with every page.
 */
export { Button, Input, Label, Loader, Menu, Message, Modal, Placeholder, Ref, TextArea } from 'semantic-ui-react/dist/es/index.js';
