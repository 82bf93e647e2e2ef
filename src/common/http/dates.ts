const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number): string => String(n).padStart(2, '0');

/** Response date-time (D4): ISO 8601 UTC without fractions, `YYYY-MM-DDTHH:MM:SSZ`. */
export function isoUtc(date: Date): string {
  // YYYY-MM-DDTHH:MM:SS.sssZ for years 0-9999; other years carry a sign and six digits.
  const iso = date.toISOString();
  return iso.length === 24 ? `${iso.slice(0, 19)}Z` : iso.replace(/\.\d{3}Z$/, 'Z');
}

/** The legacy list form `Mon DD YYYY hh:mm:ss:mmmAM` (UTC, 12-hour clock), e.g. `Jan 08 2026 08:00:00:000AM`. */
export function legacyListDate(date: Date): string {
  const h = date.getUTCHours();
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  const ms = String(date.getUTCMilliseconds()).padStart(3, '0');
  return (
    `${MONTHS[date.getUTCMonth()]} ${two(date.getUTCDate())} ${date.getUTCFullYear()} ` +
    `${two(hour12)}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}:${ms}${h < 12 ? 'AM' : 'PM'}`
  );
}
