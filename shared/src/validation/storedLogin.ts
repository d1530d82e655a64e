import { z } from 'zod/mini';

/** docs/SPEC.md §3: the login store's fields, as it keeps them in local storage. */
export interface LoginState {
  token: string;
  mobile: string;
  sid: string;
  tid: string;
  schoolName: string;
  avatar: string;
}

const field = z.string().check(z.maxLength(2048));

/**
 * What a stored login must look like to be used; anything else in storage is thrown away. Here rather than beside
 * the store so that the stores (shared on their own, `@wenrun/shared/stores`) reach zod through this package and the
 * page loads one copy of it, in one file with the rest of `@wenrun/shared`.
 */
export const storedLoginSchema: z.ZodMiniType<LoginState> = z.object({
  token: field,
  mobile: field,
  sid: field,
  tid: field,
  schoolName: field,
  avatar: field,
});
