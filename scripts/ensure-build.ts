// `npm start` serves the built site; this builds it first when it is missing (a fresh clone).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("build/client/index.html") || !existsSync("build/server/index.js")) {
  console.log("No built site yet: running npm run build");
  execFileSync("npm", ["run", "build"], { stdio: "inherit" });
}
