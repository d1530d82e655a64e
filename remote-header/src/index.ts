// The standalone dev page; an async boundary so federation negotiates the shared singletons first.
void import('./dev/bootstrap');
