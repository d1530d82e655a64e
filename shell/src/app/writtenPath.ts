import { createContext, useContext } from 'react';

/** The path as the address bar has it, before the routes' clean-up (see SiteRoutes). */
export const WrittenPath = createContext<string | null>(null);

export function useWrittenPath(fallback: string): string {
  return useContext(WrittenPath) ?? fallback;
}
