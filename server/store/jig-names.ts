import { sql, type RawBuilder } from 'kysely';
import './enclosure-settings';

/**
 * A jig's company name in SQL (contract/jig-names.ts): its settings row's name for `company`, or
 * the registered name while there is none. Every query that names a jig selects `name` through
 * here and `registered_name` from the enclosure itself, so a jig has one name per company in
 * every answer. The unique index on (enclosure_id, company_id) finds the row.
 *
 * `enclosures` is the alias of the enclosures table in the query; `company` the column (or value)
 * of the company whose name it is.
 */
export function companyJigName(enclosures: string, company: string | number): RawBuilder<string> {
  const companyId = typeof company === 'number' ? sql.val(company) : sql.ref(company);
  return sql<string>`coalesce((select s.name from enclosure_settings s where s.enclosure_id = ${sql.ref(`${enclosures}.id`)} and s.company_id = ${companyId}), ${sql.ref(`${enclosures}.name`)})`;
}

/**
 * The company's settings row of the jig, by whose id its pages are addressed (`/enclosures/{id}`),
 * or null while the company has none; the same arguments as companyJigName.
 */
export function companyJigSettingId(enclosures: string, company: number): RawBuilder<number | null> {
  return sql<number | null>`(select s.id from enclosure_settings s where s.enclosure_id = ${sql.ref(`${enclosures}.id`)} and s.company_id = ${company})`;
}
