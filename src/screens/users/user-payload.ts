import { z } from 'zod';
import { userCreateInput, userUpdateInput, type User, type UserCreateInput } from '../../../contract/users';

export type UserFormValues = {
  username: string;
  email: string;
  password: string;
  password_confirmation: string;
  role_ids: number[];
  /** Only the superadmin chooses; a company admin adds to their own company. */
  company_id: string;
};

export const emptyUser = (companyId?: number): UserFormValues => ({
  username: '',
  email: '',
  password: '',
  password_confirmation: '',
  role_ids: [],
  company_id: companyId ? String(companyId) : '',
});

export const userValues = (user: User): UserFormValues => ({
  username: user.username,
  email: user.email,
  password: '',
  password_confirmation: '',
  role_ids: [...user.role_ids],
  company_id: String(user.company_id),
});

/** The company is a path param of the create call, not a field of it; it is checked beside the rest. */
const companyChoice = z.object({ company_id: z.string().regex(/^\d+$/, 'Choose a company.') });

export const createSchema = (chooseCompany: boolean) =>
  chooseCompany ? companyChoice.and(userCreateInput) : userCreateInput;

/** The create body: the contract's fields only. */
export const createBody = (v: UserCreateInput): UserCreateInput => ({
  username: v.username,
  email: v.email,
  password: v.password,
  password_confirmation: v.password_confirmation,
  role_ids: v.role_ids,
});

const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * Only what changed goes into the PATCH: an unchanged username is not re-checked for
 * uniqueness, and an empty password means "keep it".
 */
export function changesOf(user: User, v: UserFormValues) {
  return {
    ...(v.username.trim() !== user.username ? { username: v.username } : {}),
    ...(v.email.trim() !== user.email ? { email: v.email } : {}),
    ...(v.password ? { password: v.password, password_confirmation: v.password_confirmation } : {}),
    ...(!sameSet(v.role_ids, user.role_ids) ? { role_ids: v.role_ids } : {}),
  };
}

export const updateSchema = userUpdateInput;
