/**
 * React's renderer for web streams, which runs in Node as it is (shell/src/server/renderToHtml.ts says why it is
 * the one used). @types/react-dom types it under `react-dom/server` only.
 */
declare module 'react-dom/server.browser' {
  export { renderToReadableStream } from 'react-dom/server';
}
