/** Stamped into every bundle by webpack.common.ts (DefinePlugin): which build of a part this is. */
declare const __BUILD_INFO__: import('@wenrun/shared').BuildInfo;
