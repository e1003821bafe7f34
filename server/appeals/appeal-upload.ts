/**
 * An appeal posted as `multipart/form-data` to the API (decision 0045): its seven fields read as
 * the no-JS form's are (form-input.ts), its files read while they stream in, the limits counted
 * as the bytes arrive and each file checked by its content (server/attachments/). A refusal is an
 * UploadRefusal; nothing is stored before the whole body was read and accepted.
 */
import type { FastifyRequest } from "fastify";
import { formEntriesToInput } from "../../domain/appeals/form-input.ts";
import type { SubmittedFile } from "../../domain/attachments/submitted-file.ts";
import { readMultipartForm, startMultipart } from "../attachments/multipart-form.ts";
import { appealFileRules } from "../attachments/upload-rules.ts";

export async function readAppealUpload(
  request: FastifyRequest,
): Promise<{ input: Record<string, unknown>; files: SubmittedFile[] }> {
  const fields = new URLSearchParams();
  const files = await readMultipartForm(
    startMultipart(request, appealFileRules),
    appealFileRules,
    fields,
  );
  return { input: formEntriesToInput(fields.entries()), files };
}
