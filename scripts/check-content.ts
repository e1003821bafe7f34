import { checkContent, collectLinkedFiles } from "../content/content-check.server.ts";

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
console.log(
  `Content check passed: ${(await collectLinkedFiles()).length} linked files present and valid.`,
);
