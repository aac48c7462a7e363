import { can, type Principal } from '../../../../contract/permissions';

/**
 * Who records a repair: the company's people at the line (operators, engineers, admins); a
 * viewer and a partner company's member read the record only. The server decides the same.
 */
export const mayRecordRepair = (user: Principal | null | undefined, companyId: number) => can(user, 'repair.record', { company_id: companyId });

/** Who sends a board to repair from its page: those who run the production. */
export const maySendToRepair = (user: Principal | null | undefined, companyId: number) => can(user, 'production.edit', { company_id: companyId });
