/**
 * A form control's HTML constraints read from the zod schema that checks its field on the server
 * (issue 41), so a limit is written once: `maxLength`, `minLength` and `required` from a string's
 * `.max()`, `.min()` and whether it may be absent, and `pattern` where the schema's one regex is
 * also a valid HTML pattern. The same idea as conform's `getZodConstraint`, read through zod 4's
 * public API only: the wrappers' `unwrap()`, a pipe's `in` and `out`, an object's `shape`, an
 * array's `element`, a string's `minLength`/`maxLength`/`format` and `z.toJSONSchema`.
 */
import { z } from "zod";

/** What a text input or a textarea takes; spread on the control (`<TextInput {...c} />`). */
export type InputConstraints = {
  required: boolean;
  /**
   * Only above 1: a schema's `.min(1)` is what `required` says, and a browser would only repeat
   * it as a second message.
   */
  minLength?: number;
  maxLength?: number;
  pattern?: string;
};

/**
 * The constraints of the text field at `path` in `schema` (none: the schema is the field's). A
 * path names an object's keys; an array is stepped into without a name (`"rows", "title"`: a
 * row's title); in a discriminated union of forms the first name is the form's discriminator
 * (`"note", "note_text"`). The field is required when its schema refuses the empty text a browser
 * posts for an empty control, unless it is under an optional or nullable part, which may be left
 * out as a whole. Throws on a name the schema lacks or a field that is not text: a wrong call
 * fails the first render, never quietly drops a limit.
 */
export function inputConstraints(schema: z.ZodType, ...path: string[]): InputConstraints {
  const name = path.join(".");
  const { field, underOptional } = fieldAt(schema, path, name);
  const texts = textsOf(field);
  if (texts.length === 0) throw new Error(`«${name}» is not a text field`);
  const maxima = texts.flatMap((text) => (text.maxLength === null ? [] : [text.maxLength]));
  const minLength = Math.max(0, ...texts.map((text) => text.minLength ?? 0));
  const patterns = texts.flatMap(htmlPattern);
  return {
    required: !underOptional && !field.safeParse("").success,
    ...(minLength > 1 ? { minLength } : {}),
    ...(maxima.length > 0 ? { maxLength: Math.min(...maxima) } : {}),
    ...(patterns.length === 1 ? { pattern: patterns[0] } : {}),
  };
}

/** A text schema: a string, or a string format (an e-mail address, a UUID). */
type Text = z.ZodString | z.ZodStringFormat;

/** The field's own schema at the end of `path`, and whether a part on the way may be absent. */
function fieldAt(
  schema: z.ZodType,
  path: readonly string[],
  name: string,
): { field: z.ZodType; underOptional: boolean } {
  let current = schema;
  let underOptional = false;
  for (const step of path) {
    for (;;) {
      if (
        current instanceof z.ZodOptional ||
        current instanceof z.ZodNullable ||
        current instanceof z.ZodDefault
      ) {
        underOptional = true;
        current = current.unwrap() as z.ZodType;
      } else if (current instanceof z.ZodPipe) {
        current = (current.in instanceof z.ZodTransform ? current.out : current.in) as z.ZodType;
      } else if (current instanceof z.ZodArray) {
        current = current.element as z.ZodType;
      } else break;
    }
    current = member(current, step, name);
  }
  return { field: current, underOptional };
}

/**
 * The text schemas that check what is typed in the field. A pipe's input side is what the person
 * types (a preprocess's side, a transform, is skipped); its output side adds its own checks when
 * it is text again (a required text's `.min(1)` after the trimming, a markup text's limit after
 * its line breaks are made one).
 */
function textsOf(schema: z.ZodType): Text[] {
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault
  ) {
    return textsOf(schema.unwrap() as z.ZodType);
  }
  if (schema instanceof z.ZodString || schema instanceof z.ZodStringFormat) return [schema];
  if (!(schema instanceof z.ZodPipe)) return [];
  const input = schema.in as z.ZodType;
  const output = schema.out as z.ZodType;
  if (output instanceof z.ZodTransform) return textsOf(input);
  if (input instanceof z.ZodTransform) return textsOf(output);
  const typed = textsOf(input);
  return typed.length > 0 ? [...typed, ...textsOf(output)] : [];
}

/** The part of an object (or of the one form of a union) a path's step names. */
function member(schema: z.ZodType, step: string, name: string): z.ZodType {
  if (schema instanceof z.ZodObject) {
    const field = schema.shape[step] as z.ZodType | undefined;
    if (field) return field;
  } else if (schema instanceof z.ZodDiscriminatedUnion) {
    const form = (schema.options as z.ZodType[]).find(
      (option) =>
        option instanceof z.ZodObject &&
        Object.values(option.shape).some(
          (field) => field instanceof z.ZodLiteral && field.values.has(step),
        ),
    );
    if (form) return form;
  }
  throw new Error(`The schema has no «${step}» (in «${name}»)`);
}

/**
 * A `.regex()`'s source as an HTML `pattern`, when it is one: a browser compiles a pattern with
 * the `v` flag and matches it against the whole value, so a source that does not compile so
 * (a bare `-` in a class, say) is left to the server. Formats (e-mail, UUID) have input types of
 * their own and give none.
 */
function htmlPattern(text: Text): string[] {
  if (text.format !== "regex") return [];
  const { pattern } = z.toJSONSchema(text) as { pattern?: unknown };
  if (typeof pattern !== "string") return [];
  try {
    new RegExp(pattern, "v");
    return [pattern];
  } catch {
    return [];
  }
}
