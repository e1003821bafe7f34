// Answers and files on both stores: an executor's draft, returned and written again at a new
// revision, approved only at the revision the head saw; the answer by post recorded once; the
// files of an answer and of an appeal kept byte for byte (BLOB and BYTEA), listed in order without
// their bytes, read only with their own appeal, replaced; the public site's files.
import assert from "node:assert/strict";
import { test } from "node:test";
import { sampleJpeg, samplePdf, sha256 } from "../../tests/support/appeal-files.ts";
import { contractSuite } from "../../tests/support/data-layer-contract.ts";
import { sampleNewAppeal } from "../../tests/support/test-appeal.ts";
import type { NewAnswer } from "./answers-repository.ts";

const at = new Date("2026-04-01T09:00:00Z");
const noSuchId = "00000000-0000-4000-8000-000000000000";
const pdf = { fileName: "ответ.pdf", mediaType: "application/pdf", content: samplePdf };
const jpeg = { fileName: "фото.jpg", mediaType: "image/jpeg", content: sampleJpeg };

contractSuite(import.meta.filename, (store) => {
  const answers = () => store.data.answers;
  const files = () => store.data.attachments;
  let appealId = "";
  let otherAppealId = "";
  let answerId = "";
  const draft: NewAnswer = {
    appealId: "",
    text: "Ваше обращение рассмотрено.",
    outgoingNumber: "01-12/345",
    staffLogin: "executor",
    createdAt: at,
    state: "awaiting_approval",
    answeredOn: "2026-04-01",
  };

  test("an executor's draft is stored whole; a second answer to the appeal loses", async () => {
    [appealId, otherAppealId] = await store.data.transaction(async (tx) => [
      (await store.data.appeals.insert(sampleNewAppeal("2026-03-20T08:00:00Z"), tx)).id,
      (await store.data.appeals.insert(sampleNewAppeal("2026-03-21T08:00:00Z"), tx)).id,
    ]);
    draft.appealId = appealId;
    const id = await store.data.transaction((tx) => answers().insert(draft, tx));
    assert.ok(id);
    answerId = id;
    assert.equal(
      await store.data.transaction((tx) => answers().insert({ ...draft, state: "sent" }, tx)),
      undefined,
    );
    const stored = await answers().find(answerId);
    assert.deepEqual(stored, {
      id: answerId,
      appealId,
      text: "Ваше обращение рассмотрено.",
      outgoingNumber: "01-12/345",
      staffLogin: "executor",
      createdAt: at.toISOString(),
      answeredOn: "2026-04-01",
      state: "awaiting_approval",
      reviewedBy: null,
      reviewComment: null,
      byPost: null,
      revision: 1,
    });
    assert.deepEqual(await answers().ofAppeal(appealId), stored);
    assert.equal(await answers().ofAppeal(otherAppealId), undefined);
    assert.equal(await answers().find(noSuchId), undefined);
  });

  test("returned, written again at a new revision, approved only at the revision the head saw", async () => {
    const { transaction } = store.data;
    const returned = { state: "returned", reviewedBy: "head", comment: "Добавьте номер" } as const;
    assert.equal(await transaction((tx) => answers().review(answerId, 1, returned, tx)), true);
    assert.equal(await transaction((tx) => answers().review(answerId, 1, returned, tx)), false);
    const back = await answers().find(answerId);
    assert.deepEqual(
      [back?.state, back?.reviewedBy, back?.reviewComment],
      ["returned", "head", "Добавьте номер"],
    );

    const again = {
      ...draft,
      text: "Ответ с номером.",
      createdAt: new Date("2026-04-02T09:00:00Z"),
    };
    assert.equal(await transaction((tx) => answers().rewrite(answerId, again, tx)), true);
    const rewritten = await transaction((tx) => answers().ofAppeal(appealId, tx));
    assert.deepEqual(
      [rewritten?.revision, rewritten?.state, rewritten?.text, rewritten?.reviewComment],
      [2, "awaiting_approval", "Ответ с номером.", null],
    );
    const approve = { state: "sent", reviewedBy: "head", answeredOn: "2026-04-03" } as const;
    assert.equal(
      await transaction((tx) => answers().review(answerId, 1, approve, tx)),
      false,
      "decided on a revision written over since",
    );
    assert.equal(await transaction((tx) => answers().review(answerId, 2, approve, tx)), true);
    const sent = await transaction((tx) => answers().find(answerId, tx));
    assert.deepEqual([sent?.state, sent?.answeredOn], ["sent", "2026-04-03"]);
    assert.equal(
      await transaction((tx) => answers().rewrite(answerId, again, tx)),
      false,
      "a sent answer is never written again",
    );
  });

  test("an answer by post is recorded once, with its day, address and who recorded it", async () => {
    const post = {
      on: "2026-04-05",
      address: "610000, г. Киров, ул. Ленина, 1",
      login: "registrar",
    };
    const record = () => store.data.transaction((tx) => answers().recordByPost(appealId, post, tx));
    assert.equal(await record(), true);
    assert.equal(await record(), false);
    assert.deepEqual((await answers().ofAppeal(appealId))?.byPost, post);
  });

  test("an answer's and an appeal's files: kept byte for byte, listed in order, read only with their appeal", async () => {
    const owner = { kind: "answer", id: answerId } as const;
    const stored = await store.data.transaction((tx) =>
      files().insertAll(appealId, owner, [pdf, jpeg], at, tx),
    );
    assert.deepEqual(
      stored.map((file) => ({ ...file, id: "" })),
      [pdf, jpeg].map((file) => ({
        id: "",
        appealId,
        fileName: file.fileName,
        mediaType: file.mediaType,
        byteSize: file.content.length,
        sha256: sha256(file.content),
        createdAt: at.toISOString(),
      })),
    );
    assert.deepEqual(await files().listOf(owner), stored);
    const [, photo] = stored;
    assert.ok(photo);
    const read = await files().read(appealId, photo.id);
    assert.deepEqual(read && { ...read, content: read.content.equals(sampleJpeg) }, {
      ...photo,
      content: true,
    });
    assert.ok(Buffer.isBuffer(read?.content), "bytes as a Buffer on either store");
    assert.equal(await files().read(otherAppealId, photo.id), undefined);

    const own = { kind: "appeal", id: otherAppealId } as const;
    await store.data.transaction((tx) => files().insertAll(otherAppealId, own, [jpeg], at, tx));
    assert.deepEqual(
      (await files().listOf(own)).map((file) => file.fileName),
      ["фото.jpg"],
    );

    const replaced = await store.data.transaction(async (tx) => {
      await files().deleteOf(owner, tx);
      await files().insertAll(appealId, owner, [jpeg], at, tx);
      return files().listOf(owner, tx);
    });
    assert.deepEqual(
      replaced.map((file) => file.fileName),
      ["фото.jpg"],
    );
    assert.equal(await files().read(appealId, photo.id), undefined, "deleted with its owner's");
    assert.equal((await files().listOf(own)).length, 1, "another owner's files stay");
  });

  test("a site file is kept without an appeal, read by its id alone, and counted", async () => {
    assert.equal(await files().countSiteFiles(), 0);
    const site = await store.data.transaction((tx) =>
      files().insertSiteFile({ ...pdf, fileName: "Устав.pdf" }, at, tx),
    );
    assert.deepEqual(site, {
      id: site.id,
      fileName: "Устав.pdf",
      mediaType: "application/pdf",
      byteSize: samplePdf.length,
      sha256: sha256(samplePdf),
      createdAt: at.toISOString(),
    });
    const read = await files().readSiteFile(site.id);
    assert.equal(read?.content.equals(samplePdf), true);
    assert.equal(await files().readSiteFile(noSuchId), undefined);
    const [answerFile] = await files().listOf({ kind: "answer", id: answerId });
    assert.equal(
      await files().readSiteFile(answerFile?.id ?? ""),
      undefined,
      "an answer's file is not the site's",
    );
    assert.equal(await files().read(appealId, site.id), undefined);
    assert.equal(await files().countSiteFiles(), 1);
  });
});
