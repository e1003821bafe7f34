// A plugin that reads the client's address declares that it needs the request guards: registered
// without them, Fastify does not start and names who needed them.
import assert from "node:assert/strict";
import { test } from "node:test";
import Fastify from "fastify";
import { registerRequestGuards, requireRequestGuards } from "./request-guards.ts";

test("a plugin that needs the request guards refuses to start without them", async () => {
  const without = Fastify();
  without.register(async (scope) => {
    requireRequestGuards(scope, "the pages' door");
  });
  await assert.rejects(async () => without.ready(), /the pages' door needs the request guards/);

  const withGuards = Fastify();
  registerRequestGuards(withGuards, { allowLocalhostOrigins: false });
  withGuards.register(async (scope) => {
    requireRequestGuards(scope, "the pages' door");
  });
  await withGuards.ready();
  await withGuards.close();
});
