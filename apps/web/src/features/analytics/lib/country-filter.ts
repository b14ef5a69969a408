import { UNKNOWN_COUNTRY } from '@mailtokit/contracts/analytics';

/*
 * The country an analytics view is filtered to, as kept in the page's URL: `?country=DE`
 * (ISO 3166-1 alpha-2; `ZZ` for clicks of unknown country). Every figure of the page then
 * counts only that country's clicks.
 */

export const COUNTRY_PARAM = 'country';

/** The country filter in the URL (upper case), or null when none or not two letters. */
export function parseCountryParam(params: URLSearchParams): string | null {
  const value = params.get(COUNTRY_PARAM)?.trim().toUpperCase() ?? '';
  return /^[A-Z]{2}$/.test(value) ? value : null;
}

/** The URL's parameters with the country filter set to `code` (removed when null). */
export function withCountryParam(previous: URLSearchParams, code: string | null): URLSearchParams {
  const next = new URLSearchParams(previous);
  if (code === null) next.delete(COUNTRY_PARAM);
  else next.set(COUNTRY_PARAM, code);
  return next;
}

/** The API's query parameter for the filter ('' when none). */
export function countryQuery(country: string | null): string {
  return country === null ? '' : `&${COUNTRY_PARAM}=${encodeURIComponent(country)}`;
}

export { UNKNOWN_COUNTRY };
