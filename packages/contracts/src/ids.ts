/** Largest id or offset the API accepts (PostgreSQL `integer`). */
export const MAX_INT = 2_147_483_647;

const ID_PATTERN = /^[1-9][0-9]{0,9}$/;

/**
 * A row id written as text (a URL path segment, a form value): a positive integer in decimal
 * without sign or leading zeros that fits the column, else null. The API answers a malformed
 * id with 404 like an unknown one, and the web app shows its not-found page for it.
 */
export function parseId(raw: string | null | undefined): number | null {
  if (raw == null || !ID_PATTERN.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_INT ? id : null;
}
