/** Text fields of the site's editable content, as every page's schema checks them. */
import { z } from "zod";
import { withoutInvisibleCharacters } from "../text/invisible-characters.ts";

/**
 * Text as a person types it: spaces at the ends trimmed, no control characters (refused: the
 * editor sees which field). Other characters nobody sees (bidirectional controls, zero-width
 * ones: domain/text/invisible-characters.ts) are dropped, here where the text enters, so no page
 * and no feed shows a line reordered (issue 40); an edition stored before this loses them when
 * it is read, since every read is checked by this schema again.
 */
export const typedText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Не длиннее ${max} знаков.`)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    .refine((text) => !/[\u0000-\u0008\u000B-\u001F\u007F]/.test(text), "Уберите служебные знаки.")
    .transform((text) => withoutInvisibleCharacters(text).trim());

/** Text that must be there. */
export const requiredText = (max: number, message: string) =>
  typedText(max).pipe(z.string().min(1, message));

/** Whole roubles, as a price or a salary is given. */
export const roubles = (what: string) =>
  z
    .number(`Укажите ${what} числом рублей.`)
    .int(`Укажите ${what} целым числом рублей.`)
    .min(1, `Укажите ${what} числом рублей больше нуля.`)
    .max(10_000_000, `Проверьте ${what}: больше 10 000 000 ₽.`);

/**
 * Text in the site's small markup (site-markup.ts), typed in a textarea: a browser posts its
 * lines ended by CR LF, kept as LF (a CR alone is refused as a control character).
 */
export const markupText = (max: number, message: string) =>
  z
    .string()
    .transform((text) => text.replace(/\r\n?/g, "\n"))
    .pipe(requiredText(max, message));
