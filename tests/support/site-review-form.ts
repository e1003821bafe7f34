/**
 * The hidden fields of a head's approval form as a staff page shows them: the edition's id and
 * the revision (fingerprint of its content) the approval is of (issue 40).
 */
export function approvalFields(html: string): { edition: string; revision: string } {
  const form =
    /<input type="hidden" name="edition" value="(\d+)"\/><input type="hidden" name="revision" value="([0-9a-f]+)"\/>/.exec(
      html,
    );
  if (!form?.[1] || !form[2]) throw new Error("the page shows no approval form");
  return { edition: form[1], revision: form[2] };
}
