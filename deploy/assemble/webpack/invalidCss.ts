import { lexer, parse, walk } from 'css-tree';
// The data css-tree's grammar comes from (the same version: css-tree pins it), for the selectors it does not check.
import mdnSelectors from 'mdn-data/css/selectors.json';
import type { PluginCreator } from 'postcss';

/** Functions whose arguments are a calculation: numbers, dimensions, operators, never a bare word. */
const MATH_FUNCTIONS = new Set(['calc', 'min', 'max', 'clamp']);
const MATH_CONSTANTS = new Set(['e', 'pi', 'infinity', '-infinity', 'nan']);

/** The pseudo-classes the standards define, and CSS 2's pseudo-elements, which may still be written with one colon. */
const PSEUDO_CLASSES = new Set([
  ...Object.keys(mdnSelectors)
    .filter((selector) => /^:[^:]/.test(selector))
    .map((selector) => selector.slice(1).replace(/\(\)$/, '')),
  'before',
  'after',
  'first-line',
  'first-letter',
]);

/** `-webkit-…`, `-moz-…`: one engine's own; the others skip it, and it is judged by that engine only. */
function vendorSpecific(name: string): boolean {
  return /^-[a-z]+-/i.test(name);
}

/**
 * Why every browser drops `property: value` when it parses the stylesheet, or `undefined` when one applies it: the
 * value does not match the property's grammar (css-tree's, from the CSS specifications as MDN's data holds them),
 * the property does not exist, or a calculation holds a bare word (css-tree does not look inside `calc()`).
 */
export function whyInvalidDeclaration(property: string, value: string): string | undefined {
  // A custom property holds anything; a value with var() is judged only when the page computes it; a prefixed
  // property by its engine alone.
  if (property.startsWith('--') || vendorSpecific(property) || /\bvar\(/i.test(value)) return undefined;
  const { error } = lexer.matchProperty(property, value);
  if (error) return error.message;
  let bareWord: string | undefined;
  walk(parse(value, { context: 'value' }), {
    visit: 'Identifier',
    enter(node) {
      const inside = this.function;
      if (inside?.type === 'Function' && MATH_FUNCTIONS.has(inside.name.toLowerCase()) && !MATH_CONSTANTS.has(node.name.toLowerCase())) {
        bareWord = node.name;
      }
    },
  });
  return bareWord === undefined ? undefined : `“${bareWord}” in a calculation`;
}

/** The pseudo-class of `selector` that no standard defines (a rule is dropped whole for one), or `undefined`. */
export function unknownPseudoClass(selector: string): string | undefined {
  let unknown: string | undefined;
  walk(parse(selector, { context: 'selectorList' }), {
    visit: 'PseudoClassSelector',
    enter(node) {
      if (!vendorSpecific(node.name) && !PSEUDO_CLASSES.has(node.name.toLowerCase())) unknown = node.name;
    },
  });
  return unknown;
}

/**
 * Takes out of a stylesheet what browsers drop when they parse it: declarations that are invalid (Semantic UI's
 * stylesheets hold values its LESS variables left empty, `will-change: ''`, `box-shadow: ''`, lists that cannot be,
 * `box-shadow: …, none`, and an unprefixed `tap-highlight-color`) and rules with a pseudo-class no standard defines
 * (`:ActiveHover`, a typo that matches nothing). Pages paint the same without them, and what is shipped and inlined
 * as critical CSS is valid: the Nu HTML checker reports each of them in every page that carries it. An engine's own
 * prefixed properties and pseudo-classes stay (`-webkit-tap-highlight-color`): that engine applies them. The one rule
 * a browser did apply is the dimmer's `::-webkit-scrollbar-thumb:window-inactive` (an unprefixed pseudo-class only
 * WebKit and Blink know): in an inactive window a dimmer's scrollbar thumb keeps its usual shade.
 */
export const withoutInvalidCss: PluginCreator<void> = () => ({
  postcssPlugin: 'without-invalid-css',
  Rule(rule) {
    if (unknownPseudoClass(rule.selector) !== undefined) rule.remove();
  },
  Declaration(declaration) {
    // Descriptors of at-rules (`src` in @font-face) are not properties: only a style rule's declarations are judged.
    if (declaration.parent?.type === 'rule' && whyInvalidDeclaration(declaration.prop, declaration.value) !== undefined) {
      declaration.remove();
    }
  },
});
withoutInvalidCss.postcss = true;
