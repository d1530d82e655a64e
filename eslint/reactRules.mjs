import reactHooks from 'eslint-plugin-react-hooks';
import { PARTS } from './repository.mjs';

/**
 * docs/ARCHITECTURE.md: Semantic UI React draws the site's controls (`Input`, `TextArea`, `Button` …), so each looks
 * and behaves as its neighbours do. A raw `<input>`, `<textarea>` or `<button>` is allowed only where a comment on it
 * says why Semantic's would not do: inside its tag, or on the line right above it.
 */
const RAW_CONTROLS = new Set(['input', 'textarea', 'button']);
export const rawControlNeedsReason = {
  meta: { type: 'suggestion', schema: [] },
  create(context) {
    const source = context.sourceCode;
    return {
      JSXOpeningElement(node) {
        if (node.name.type !== 'JSXIdentifier' || !RAW_CONTROLS.has(node.name.name)) return;
        const start = node.loc.start.line;
        // Between the attributes, not inside one's value (a comment there explains the value, not the element).
        const inValue = (comment) => node.attributes.some((attribute) => comment.range[0] > attribute.range[0] && comment.range[1] < attribute.range[1]);
        const inTag = (comment) => comment.range[0] > node.range[0] && comment.range[1] < node.range[1] && !inValue(comment);
        const explained = source.getAllComments().some((comment) => inTag(comment) || comment.loc.end.line === start - 1);
        if (!explained) {
          context.report({
            node,
            message: `<${node.name.name}> 请用 Semantic UI React 的组件（Input、TextArea、Button）；确需原生元素时，在它上面或标签内写注释说明原因。`,
          });
        }
      },
    };
  },
};

/**
 * The React code of shared and the parts: hooks as React requires them (a hook called conditionally or an effect
 * missing a dependency breaks silently), and the site's controls drawn by Semantic UI React, given the project's
 * plugin (`wenrun`).
 */
export const reactRules = (wenrun) => [
  {
    files: [`{shared,${PARTS.join(',')}}/src/**/*.{ts,tsx}`],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The page's code; a test's fixture (shared/src/pageData/testGreeting.tsx) draws what it checks, nothing a visitor sees.
    files: [`{shared,${PARTS.join(',')}}/src/**/*.tsx`, 'bench/one-bundle/**/*.tsx'],
    ignores: ['**/*.test.tsx', '**/testing/**', 'shared/src/pageData/testGreeting.tsx'],
    plugins: { wenrun },
    rules: { 'wenrun/raw-control-needs-reason': 'error' },
  },
];
