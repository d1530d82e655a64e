/**
 * Semantic UI React 2 still calls findDOMNode, which React 18 reports as an error in development. Tests that
 * render its components hide that one report; every other console error still shows.
 */
export function hideFindDomNodeWarnings(): void {
  const report = console.error;
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('findDOMNode')) report(...args);
  });
}
