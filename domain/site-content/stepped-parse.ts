/**
 * A page's content checked in steps (issue 40): «Новости и объявления» may hold 200
 * announcements of 20,000 characters, and one check of all 4 MB took 35–70 ms on a quiet core and
 * 170–200 ms beside other work, in one stretch: every other request waited. A page whose content
 * is one long list says so (`ListedContent`); its items are checked one by one, the event loop
 * given a turn (`turn`, the caller's: this module knows no event loop) whenever a step has run
 * `stepMs`, and the rest of the content is checked by a schema that takes the items as checked.
 * The result is the whole schema's, issues and all.
 */
import { z } from "zod";

/** The long list of a page's content: where it is, its item's schema, the rest's schema. */
export type ListedContent = {
  key: string;
  item: z.ZodType;
  /** The content's schema with the list's items taken as they are (checked one by one first). */
  rest: z.ZodType;
};

export async function parseInSteps<content>(
  schema: z.ZodType<content>,
  listed: ListedContent | undefined,
  value: unknown,
  turn: () => Promise<void>,
  stepMs = 10,
): Promise<z.ZodSafeParseResult<content>> {
  const items =
    listed && typeof value === "object" && value !== null
      ? (value as Record<string, unknown>)[listed.key]
      : undefined;
  if (!listed || !Array.isArray(items)) {
    await turn();
    return schema.safeParse(value);
  }
  // The rest first (cheap), the items taken as they are. A list longer than allowed is refused
  // without reading its items; the rest's own refinements count only once the items pass, as
  // in the whole schema.
  const rest = listed.rest.safeParse(value);
  const shape = rest.success ? [] : rest.error.issues.filter((issue) => issue.path.length > 0);
  const tooLong = shape.some((issue) => issue.path.length === 1 && issue.code === "too_big");
  if (tooLong)
    return { success: false, error: new z.ZodError(shape) } as z.ZodSafeParseResult<content>;
  const checked: unknown[] = [];
  const issues: z.core.$ZodIssue[] = [];
  let stepEnds = 0;
  for (const [index, item] of items.entries()) {
    if (performance.now() >= stepEnds) {
      await turn();
      stepEnds = performance.now() + stepMs;
    }
    const parsed = listed.item.safeParse(item);
    if (parsed.success) checked.push(parsed.data);
    else
      issues.push(
        ...parsed.error.issues.map((issue) => ({
          ...issue,
          path: [listed.key, index, ...issue.path],
        })),
      );
  }
  issues.push(...shape);
  if (issues.length > 0) {
    return { success: false, error: new z.ZodError(issues) } as z.ZodSafeParseResult<content>;
  }
  if (!rest.success) return rest as z.ZodSafeParseResult<content>;
  return { success: true, data: { ...(rest.data as object), [listed.key]: checked } as content };
}
