/**
 * A page's content written out as JSON text in steps (issue 40), the twin of stepped-parse.ts:
 * JSON.stringify of 200 announcements of 20,000 characters took 25–100 ms in one stretch (Cyrillic
 * text the slowest, 40 MB/s), every other request waiting. The long list's items are written one
 * by one, the event loop given a turn (`turn`, the caller's) whenever a step has run `stepMs`. The
 * text is JSON.stringify's, character for character: the edition's revision is its hash.
 */
export async function stringifyInSteps(
  value: unknown,
  listedKey: string | undefined,
  turn: () => Promise<void>,
  stepMs = 10,
): Promise<string> {
  const fields =
    typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  const items = listedKey === undefined ? undefined : fields?.[listedKey];
  if (fields === undefined || !Array.isArray(items)) return JSON.stringify(value);
  const written: string[] = [];
  let stepEnds = performance.now() + stepMs;
  for (const item of items) {
    if (performance.now() >= stepEnds) {
      await turn();
      stepEnds = performance.now() + stepMs;
    }
    // As JSON.stringify writes an array's item: what has no JSON (undefined) is null.
    written.push(JSON.stringify(item) ?? "null");
  }
  // The other fields as JSON.stringify writes them, in its order; one without JSON is left out.
  const members = Object.entries(fields).flatMap(([key, field]) => {
    const text = key === listedKey ? `[${written.join(",")}]` : JSON.stringify(field);
    return text === undefined ? [] : [`${JSON.stringify(key)}:${text}`];
  });
  return `{${members.join(",")}}`;
}
