import { z } from 'zod';

export const loginInput = z.object({
  username: z.string({ error: 'Username is required.' }).trim().min(1, 'Username is required.'),
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.'),
});
export type LoginInput = z.infer<typeof loginInput>;

/** The stored login record (SPEC §3), kept under `user-token`. */
export const storedTokenSchema = z.object({
  type: z.string().min(1),
  token: z.string().min(1),
  expires_at: z.string().optional(),
});
export type StoredToken = z.infer<typeof storedTokenSchema>;

export const loginResultSchema = z.object({
  data: z.object({ type: z.literal('Bearer'), token: z.string(), expires_at: z.string() }),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** Same wording whether the user exists or not, so the answer says nothing about usernames. */
export const WRONG_CREDENTIALS = 'Wrong username or password.';
