/**
 * Files for the tests of appeals with attachments (decision 0045): small real files of the types
 * accepted, an executable named like a PDF, and a multipart body built by the platform's own
 * FormData (the fields first, then the files, as the form sends them).
 */
import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";

export const samplePdf = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);
export const sampleJpeg = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  Buffer.alloc(64, 7),
  Buffer.from([0xff, 0xd9]),
]);
/** A Windows executable's header: what a renamed .exe starts with. */
export const sampleExecutable = Buffer.concat([Buffer.from("MZ\x90\x00"), Buffer.alloc(200, 0)]);

/** A PDF of exactly `bytes` bytes. */
export function pdfOfSize(bytes: number): Buffer {
  return Buffer.concat([samplePdf, Buffer.alloc(bytes - samplePdf.length, 0x20)]);
}

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

export type NamedFile = { name: string; content: Buffer; type?: string };

export async function multipartBody(
  fields: Record<string, unknown>,
  files: readonly NamedFile[],
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === true) form.append(name, "on");
    else if (value !== false && value !== undefined) form.append(name, String(value));
  }
  for (const file of files) {
    form.append(
      "files",
      new Blob([new Uint8Array(file.content)], { type: file.type ?? "application/octet-stream" }),
      file.name,
    );
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get("content-type") ?? "",
  };
}

/** POST /api/users/appeals/ with the fields and files as one multipart body. */
export async function postAppealWithFiles(
  app: { inject: FastifyInstance["inject"] },
  fields: Record<string, unknown>,
  files: readonly NamedFile[],
) {
  const { payload, contentType } = await multipartBody(fields, files);
  return app.inject({
    method: "POST",
    url: "/api/users/appeals/",
    headers: { "content-type": contentType },
    payload,
  });
}
