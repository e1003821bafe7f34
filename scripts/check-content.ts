import { checkContent, collectLinkedFiles } from "../content/content-check.server.ts";
import { untaggedPdfWarnings } from "../content/pdf-accessibility.server.ts";

/**
 * Build-time content check: every content export against its schema, every linked download
 * present under public/ and valid of its type. Exits non-zero with one line per problem.
 */
const problems = await checkContent();
if (problems.length > 0) {
  console.error(`Content check failed with ${problems.length} problem(s):`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
const linkedFiles = await collectLinkedFiles();
console.log(`Content check passed: ${linkedFiles.length} linked files present and valid.`);

// Accessible documents are required of a state site; an untagged official PDF still publishes.
for (const warning of untaggedPdfWarnings(linkedFiles)) {
  console.warn(`Warning: ${warning} (publish a tagged PDF with language ru, see README)`);
}
