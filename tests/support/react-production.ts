// Loaded first into every test process and every server the tests start (`--import`): React's
// production build for the pages the server renders, as production runs them (NODE_ENV=production
// there). React picks its build from NODE_ENV when it is first required, and the tests run the
// server without NODE_ENV=production, which would also change its configuration (SITE_URL
// required, no localhost origins): so NODE_ENV is production only while React loads, then as it
// was. Its development build rendered a page several times slower: 10,000 malformed requests,
// whose form posts render the appeal page, spent most of their CPU in it (decision 0051).
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const before = process.env.NODE_ENV;
process.env.NODE_ENV = "production";
try {
  for (const name of ["react", "react/jsx-runtime", "react-dom", "react-dom/server"]) require(name);
} finally {
  if (before === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = before;
}
