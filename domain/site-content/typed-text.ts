/** Text fields of the site's editable content, as every page's schema checks them. */
import { z } from "zod";
import { withoutInvisibleCharacters } from "../text/invisible-characters.ts";
import { controlCharacterRefusal } from "./control-characters.ts";

/** Line breaks as one character: a textarea's CR LF (and a lone CR, pasted from old files). */
const lineBreaksAsLf = (text: string) => text.replace(/\r\n?/g, "\n");

/**
 * Text as a person types it, on one line or on several (a textarea posts its lines ended by
 * CR LF, kept as LF: issue 43): spaces at the ends trimmed, no control characters (refused,
 * naming the character, its line and its place: control-characters.ts). Other characters nobody
 * sees (bidirectional controls, zero-width ones: domain/text/invisible-characters.ts) are
 * dropped, here where the text enters, so no page and no feed shows a line reordered (issue 40);
 * an edition stored before this loses them when it is read, since every read is checked by this
 * schema again. The limit counts a line break once, as the browser's `maxlength` does.
 */
export const typedText = (max: number) =>
  z
    .string()
    .transform(lineBreaksAsLf)
    .pipe(
      z
        .string()
        // Before the trimming: the place named is the one the editor sees in the field.
        .superRefine((text, context) => {
          const refusal = controlCharacterRefusal(text);
          if (refusal) context.addIssue({ code: "custom", message: refusal });
        })
        .trim()
        .max(max, `Не длиннее ${max} знаков.`),
    )
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
 * Text in the site's small markup (site-markup.ts), typed in a textarea: required text, its
 * lines kept (typedText makes a browser's CR LF one LF).
 */
export const markupText = (max: number, message: string) => requiredText(max, message);
