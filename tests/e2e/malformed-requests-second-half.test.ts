// The second half of the seeded malformed requests (tests/e2e/malformed-request-cases.ts), on a
// site of its own, beside the first half in malformed-requests.test.ts (decision 0051).
import { siteForTests } from "./harness.ts";
import { seededMalformedRequests } from "./malformed-request-cases.ts";

const env = siteForTests({ rateLimit: { perMinute: 1_000_000, perDay: 1_000_000 } });

seededMalformedRequests(env, 2, 2);
