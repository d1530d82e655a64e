/**
 * Not part of the shared package's public surface: webpack.common.ts makes every remote expose this file as
 * `./buildInfo`, compiled into that remote with its own `__BUILD_INFO__`, so ops can ask a deployed remote which
 * build it is (the ops console reads `version.json` instead: it runs no remote).
 */
const buildInfo = __BUILD_INFO__;
export default buildInfo;
