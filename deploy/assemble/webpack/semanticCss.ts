import path from 'node:path';
import purgeCss from '@fullhuman/postcss-purgecss';
import type { RuleSetUseItem } from 'webpack';
import { REMOTE_PARTS, SHELL_PART } from '@wenrun/shared/node';
import { withoutInvalidCss } from './invalidCss';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

/**
 * The semantic-ui-react components the site renders, and those they render inside themselves: the class names they
 * set (`item`, `line`, `prompt` …) are written in these files, the variants the site picks in its own source.
 */
export const SEMANTIC_COMPONENTS = [
  'elements/Button',
  'elements/Input',
  'elements/Label',
  'elements/Loader',
  'elements/Placeholder',
  'collections/Form',
  'collections/Menu',
  'collections/Message',
  'modules/Modal',
  'modules/Dimmer',
  'modules/Transition',
  'addons/Portal',
  'addons/TextArea',
];

/** Where the class names the site uses are written: every part's source, and those components. */
export const CLASS_NAME_SOURCES = [
  ...['shared', SHELL_PART.folder, ...Object.values(REMOTE_PARTS).map((part) => part.folder)].map((folder) => path.join(ROOT, folder, 'src/**/*.{ts,tsx}')),
  ...SEMANTIC_COMPONENTS.map((component) => path.join(ROOT, 'node_modules/semantic-ui-react/dist/es', component, '*.js')),
];

/** Semantic UI's stylesheets, the only CSS that is pruned: the site's own is all in use. */
export const SEMANTIC_CSS = /[\\/]node_modules[\\/]semantic-ui-css[\\/]/;

/**
 * Semantic UI's stylesheets hold every variant of a component (twelve colours, inverted, basic, seven sizes …);
 * the site uses a handful. A rule is kept when each class name in its selector is written somewhere in
 * `CLASS_NAME_SOURCES`, so a variant used anywhere (a prop such as `primary`, a class in a template) stays.
 */
export function semanticCssPurge() {
  return purgeCss({ content: CLASS_NAME_SOURCES, safelist: ['html', 'body'] });
}

/** What the build does to a Semantic UI stylesheet: the rules the site uses, without what no browser applies. */
export function semanticCssPlugins() {
  return [semanticCssPurge(), withoutInvalidCss()];
}

/** The loader step that applies `semanticCssPlugins` to a Semantic UI stylesheet. */
export function semanticCssPruning(): RuleSetUseItem {
  return { loader: 'postcss-loader', options: { postcssOptions: { plugins: semanticCssPlugins() } } };
}
