/**
 * The one rule of the comma-separated attribute lists (RESTWEBSHOP, VERWENDUNG, WEBSHOPVPE):
 * entries are separated by commas and compared ignoring case and blanks; an empty entry is none.
 * The web-shop test in SQL (`releasesForWebshop`) is the same rule written for the database.
 */
export function listEntry(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** The entries of a comma-separated list as `listEntry` compares them. */
export function commaList(list: string | null): string[] {
  return (list ?? '')
    .split(',')
    .map(listEntry)
    .filter((entry) => entry !== '');
}
