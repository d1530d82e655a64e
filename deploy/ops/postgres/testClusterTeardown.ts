// Jest's global teardown of the reference-api-postgres project: the cluster global setup started (testCluster.ts).
export { teardown as default } from './testCluster';
