// An async boundary, so that federation negotiates the shared singletons before React is loaded.
void import('./bootstrap');
