/**
 * The forms of text that several rules check, each written once: a content item's id, a calendar
 * day, a UUID, a time of day. A form only: whether a text of that form names something real (a
 * day that exists, an appeal that is stored) is the rule's own. The `…Text` sources are for the
 * patterns that hold one of these inside a longer text (a backup's file name, a file's address).
 */

/** A content item's id in a page's content (a row, a group, a package, a vacancy): 'lab-2'. */
export const itemIdPattern = /^[a-z0-9-]{1,60}$/;

/** A calendar day as ISO text, '2026-11-22'. */
export const isoDateText = String.raw`\d{4}-\d{2}-\d{2}`;
export const isoDatePattern = new RegExp(`^${isoDateText}$`);

/** A UUID as text, in lowercase as the server makes them: '3f2c…-…'. */
export const uuidText = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
/** A UUID as text in either case (PostgreSQL reads both). */
export const uuidPattern = new RegExp(`^${uuidText}$`, "i");

const hoursAndMinutes = String.raw`([01]\d|2[0-3]):([0-5]\d)`;
/** A time of day 'HH:MM', 00:00–23:59: hours and minutes captured. */
export const timeOfDayPattern = new RegExp(`^${hoursAndMinutes}$`);
/** 'HH:MM' or 'HH:MM:SS', as an HTML time input sends it: hours, minutes, seconds captured. */
export const inputTimePattern = new RegExp(String.raw`^${hoursAndMinutes}(?::([0-5]\d))?$`);
