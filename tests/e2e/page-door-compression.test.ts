// The public pages the door renders go out compressed, as the built pages do, in what the client
// accepts; a staff page never does (its CSRF token beside reflected input is what BREACH reads).
// Decision 0049: the search's results were 35 KB on the wire, the only page of the Lighthouse
// suite without a compressed form.
import assert from "node:assert/strict";
import { test } from "node:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { siteForTests } from "./harness.ts";

const env = siteForTests();
const searchPath = `/search?q=${encodeURIComponent("анализ почвы")}`;

/** The answer as it goes on the wire (inject decodes nothing), with the headers asked. */
async function fetchAs(
  path: string,
  acceptEncoding: string,
  post?: { contentType: string; body: string },
) {
  const answer = await env.site.app.inject({
    method: post ? "POST" : "GET",
    url: path,
    headers: {
      "accept-encoding": acceptEncoding,
      ...(post ? { "content-type": post.contentType } : {}),
    },
    ...(post ? { payload: post.body } : {}),
  });
  const header = (name: string) => {
    const value = answer.headers[name];
    return value === undefined ? null : String(value);
  };
  return {
    response: { status: answer.statusCode, headers: { get: header } },
    bytes: answer.rawPayload,
  };
}

for (const path of [searchPath, "/appeals/status"]) {
  test(`${path} is sent in brotli or gzip as accepted, the same page decoded`, async () => {
    const plain = await fetchAs(path, "identity");
    assert.equal(plain.response.status, 200);
    assert.equal(plain.response.headers.get("content-encoding"), null);
    assert.equal(plain.response.headers.get("vary"), "accept-encoding");

    const brotli = await fetchAs(path, "gzip, deflate, br, zstd");
    assert.equal(brotli.response.headers.get("content-encoding"), "br");
    assert.equal(brotli.response.headers.get("vary"), "accept-encoding");
    assert.equal(brotliDecompressSync(brotli.bytes).toString(), plain.bytes.toString());
    assert.ok(
      brotli.bytes.length * 3 < plain.bytes.length,
      `brotli ${brotli.bytes.length} B against ${plain.bytes.length} B`,
    );

    const gzip = await fetchAs(path, "gzip");
    assert.equal(gzip.response.headers.get("content-encoding"), "gzip");
    assert.equal(gunzipSync(gzip.bytes).toString(), plain.bytes.toString());

    const refused = await fetchAs(path, "br;q=0, gzip;q=0");
    assert.equal(refused.response.headers.get("content-encoding"), null);
    assert.deepEqual(refused.bytes, plain.bytes);
  });
}

test("the no-JavaScript form's answer is compressed too, its status kept", async () => {
  const { response, bytes } = await fetchAs("/appeals", "br", {
    contentType: "application/x-www-form-urlencoded",
    body: "name=&email=&phone=&message=",
  });
  assert.equal(response.status, 400);
  assert.equal(response.headers.get("content-encoding"), "br");
  assert.match(brotliDecompressSync(bytes).toString(), /<form/);
});

test("a staff page is never compressed, whatever the client accepts", async () => {
  const { response, bytes } = await fetchAs("/staff/login", "gzip, deflate, br, zstd");
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-encoding"), null);
  assert.match(bytes.toString(), /<form/);
});
