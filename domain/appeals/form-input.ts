/**
 * The one reading of a posted HTML form, for the form posted without JavaScript (POST /appeals;
 * the API takes JSON only, decision 0010): entries become an object the schema judges. A name
 * given twice becomes a list, which the schema refuses as the wrong type, rather than silently
 * keeping one of the values. The consent checkbox sends "on" when ticked and nothing when not.
 */
export function formEntriesToInput(entries: Iterable<[string, unknown]>): Record<string, unknown> {
  // A Map, then Object.fromEntries: a field named "__proto__" stays a field (and is refused).
  const fields = new Map<string, unknown>();
  for (const [name, value] of entries) {
    const previous = fields.get(name);
    fields.set(
      name,
      previous === undefined
        ? value
        : [...(Array.isArray(previous) ? previous : [previous]), value],
    );
  }
  if (fields.has("consent")) {
    const consent = fields.get("consent");
    if (consent === "on" || consent === "true") fields.set("consent", true);
    else if (consent === "" || consent === "off" || consent === "false")
      fields.set("consent", false);
  }
  return Object.fromEntries(fields);
}
