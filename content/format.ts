/**
 * Number formatting for visitor text. Intl's Russian locale leaves four-digit numbers ungrouped
 * ('2106') while Russian typography groups from four digits ('2 106'), so the grouping is done
 * here, always with a non-breaking space so a number never wraps.
 */
const nbsp = "\u00A0";

/** 45000 -> '45 000' with a non-breaking space between groups of three. */
function formatNumber(value: number): string {
  if (!Number.isInteger(value)) throw new Error(`formatNumber expects an integer, got ${value}`);
  const sign = value < 0 ? "−" : "";
  const digits = Math.abs(value).toString();
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, nbsp);
}

/** 2106 -> '2 106 ₽' (non-breaking spaces between groups and before the sign). */
export function formatRubles(value: number): string {
  return `${formatNumber(value)}${nbsp}₽`;
}

/** A file size in Russian units: '812 Б', '240 КБ', '1,2 МБ' (non-breaking space before the unit). */
export function formatFileSize(bytes: number): string {
  if (!Number.isInteger(bytes) || bytes < 0) throw new Error(`Invalid byte count: ${bytes}`);
  if (bytes < 1024) return `${bytes}${nbsp}Б`;
  const kilobytes = bytes / 1024;
  if (kilobytes < 1000) return `${Math.max(1, Math.round(kilobytes))}${nbsp}КБ`;
  const megabytes = kilobytes / 1024;
  const rounded = megabytes < 10 ? megabytes.toFixed(1).replace(".", ",") : Math.round(megabytes);
  return `${rounded}${nbsp}МБ`;
}

const monthsGenitive = [
  "января",
  "февраля",
  "марта",
  "апреля",
  "мая",
  "июня",
  "июля",
  "августа",
  "сентября",
  "октября",
  "ноября",
  "декабря",
];

/** '2026-03-03' -> '3 марта 2026 г.' (a non-breaking space before 'г.'). */
export function formatDay(isoDay: string): string {
  const [year, month, day] = isoDay.split("-").map(Number);
  const monthName = monthsGenitive[(month ?? 0) - 1];
  // Year 0 is a number still: a stored slip prints as typed and never takes its page down.
  if (year === undefined || Number.isNaN(year) || !monthName || !day) {
    throw new Error(`formatDay expects YYYY-MM-DD, got ${isoDay}`);
  }
  return `${day} ${monthName} ${year}${nbsp}г.`;
}
