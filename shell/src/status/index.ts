// An async boundary, so that federation negotiates the shared singletons before `@wenrun/shared` is used.
void import('./statusPage');
