// semantic-ui-react's ES module entry, which the shared selection of it (shared/src/ui/semanticUiReact.ts) re-exports
// by path, has the package's own types.
declare module 'semantic-ui-react/dist/es/index.js' {
  export * from 'semantic-ui-react';
}

// Form's own module, shared apart from the selection (deploy/assemble/webpack/sharedSingletons.ts).
declare module 'semantic-ui-react/dist/es/collections/Form/Form.js' {
  export { Form as default } from 'semantic-ui-react';
}
