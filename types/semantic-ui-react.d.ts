// semantic-ui-react's ES module entry, which the shared selection of it (shared/src/ui/semanticUiReact.ts) re-exports
// by path, has the package's own types.
declare module 'semantic-ui-react/dist/es/index.js' {
  export * from 'semantic-ui-react';
}
