/**
 * `@wenrun/server-plugins`: what the site's Fastify servers (the part servers, the render server, the reference API)
 * do alike to stand on the internet, one plugin a file (README.md says which server registers which, and why).
 */
export * from './answers';
export * from './refusals';
export * from './requestHygiene';
export * from './canonicalPaths';
export * from './securityHeaders';
export * from './compressed';
export * from './clientPage';
export * from './renderProxy';
export * from './oddRequests';
export * from './metrics';
export * from './pageCache';
