/** What every server of the site does alike (the render server, the reference API, the parts' servers of `npm start`). */
export * from './refusedRequest';
export * from './serverProcess';
export * from './oddRequests';
