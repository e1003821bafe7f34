// For `npm run bench:mail`: an SMTP server in a process of its own that takes every mail and
// keeps nothing, so the benchmark measures the sender, not a parser. Prints its port.
import { SMTPServer } from "smtp-server";

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    stream.on("end", () => callback());
    stream.resume();
  },
});
server.listen(0, "127.0.0.1", () => {
  const address = server.server.address();
  console.log(typeof address === "object" && address ? address.port : "");
});
