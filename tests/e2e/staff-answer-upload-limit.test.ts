// A 200 MB upload to the answer form (and to the appeals API, decision 0045), streamed to the
// real server process over a socket: cut off at the 10 MB limit with a Russian refusal, the
// connection closed instead of the rest being read, the server's memory not grown by the upload,
// nothing stored, the server serving on. An appeal refused early in a body that fits the bound
// (decision 0046) is answered to a client that reads only once it has sent it all.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { request } from "node:http";
import { connect } from "node:net";
import { after, before, test } from "node:test";
import { appealFileMessages } from "../../domain/appeals/appeal-files.ts";
import { answerFileLimits } from "../../domain/staff/answer-files.ts";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import { parseDatabaseUrl } from "../../server/config.ts";
import { type DataLayer, openDataLayer } from "../../server/db/data-layer.ts";
import { multipartBody, pdfOfSize, sampleExecutable } from "../support/appeal-files.ts";
import { killIfRunning, type ServerProcess, startServer } from "../support/server-process.ts";
import { addStaffUser, storeAppealIn } from "../support/staff-fixtures.ts";
import { StaffHttpBrowser } from "../support/staff-http.ts";
import { validAppeal } from "../support/test-app.ts";
import { createSqliteDatabase, type TestDatabase } from "../support/test-databases.ts";

const password = "correct horse battery";
const uploadBytes = 200 * 1024 * 1024;

/** The server's peak resident memory so far (VmHWM), in bytes. */
async function peakMemory(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kilobytes = /^VmHWM:\s+(\d+) kB/m.exec(status)?.[1];
  assert.ok(kilobytes, "VmHWM in /proc");
  return Number(kilobytes) * 1024;
}

let database: TestDatabase;
let server: ServerProcess;
let data: DataLayer;
before(async () => {
  database = await createSqliteDatabase();
  data = await openDataLayer(parseDatabaseUrl(database.url));
  await addStaffUser(data, "anna", password);
  server = await startServer(database.url);
});
after(async () => {
  await killIfRunning(server);
  await data?.close();
  await database?.drop();
});

/** A lost answer must fail the test, never hold the suite (ci14 waited 12 minutes for one). */
const uploadTest = { timeout: 180_000 };

test("a 200 MB upload is cut off at the limit, not read into memory", uploadTest, async () => {
  const appeal = await storeAppealIn(data, new Date(Date.now() - 60_000), {
    state: "registered",
    registered_on: kirovIsoDate(new Date()),
  });
  const staff = new StaffHttpBrowser(server.baseUrl);
  await staff.signIn("anna", password);
  await staff.get(`/staff/appeals/${appeal.id}`);
  const pid = server.child.pid ?? 0;
  const memoryBefore = await peakMemory(pid);

  const boundary = "----answer-upload-limit";
  const head = Buffer.from(
    [
      `--${boundary}\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n${staff.csrfToken}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="version"\r\n\r\n1\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="answer_text"\r\n\r\nОтвет\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.pdf"\r\n`,
      "Content-Type: application/pdf\r\n\r\n%PDF-1.7\n",
    ].join(""),
  );
  const { sent, ...answer } = await streamUpload(
    `${server.baseUrl}/staff/appeals/${appeal.id}/answer`,
    { cookie: staff.cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
    head,
  );
  const memoryAfter = await peakMemory(pid);
  console.log(
    `200 MB upload: answered ${answer.status} after ${(sent / 1024 / 1024).toFixed(1)} MB written by the client; server peak memory ${(memoryBefore / 1024 / 1024).toFixed(0)} -> ${(memoryAfter / 1024 / 1024).toFixed(0)} MB`,
  );
  assert.equal(answer.status, 413);
  assert.match(answer.body, /Файлы вместе — не более 10 МБ\./);
  assert.equal(answer.connection, "close");
  assert.ok(sent < uploadBytes, "the upload was cut off before it was all sent");
  assert.ok(
    memoryAfter - memoryBefore < 4 * answerFileLimits.maxTotalBytes,
    `peak memory grew by ${memoryAfter - memoryBefore} bytes`,
  );
  assert.equal(await data.answers.ofAppeal(appeal.id), undefined);
  assert.equal((await fetch(`${server.baseUrl}/healthz`)).status, 200);
});

// With its length declared, cut off at once; without one (chunked), after at most the bound read
// past the refusal (decision 0046): never read whole.
for (const declared of [true, false]) {
  test(
    `a 200 MB appeal with a file${declared ? "" : " sent without a length (chunked)"} is cut off at the limit: 413 naming the file, nothing stored`,
    uploadTest,
    async () => {
      const before = (await data.appeals.list()).length;
      const boundary = "----appeal-upload-limit";
      const fields = Object.entries(validAppeal({ consent: "on" })).map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      );
      const head = Buffer.from(
        [
          ...fields,
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.pdf"\r\n`,
          "Content-Type: application/pdf\r\n\r\n%PDF-1.7\n",
        ].join(""),
      );
      const { sent, ...answer } = await streamUpload(
        `${server.baseUrl}/api/users/appeals/`,
        { "content-type": `multipart/form-data; boundary=${boundary}` },
        head,
        declared,
      );
      console.log(
        `200 MB appeal${declared ? "" : " (chunked)"}: answered ${answer.status} after ${(sent / 1024 / 1024).toFixed(1)} MB written by the client`,
      );
      assert.equal(answer.status, 413);
      assert.deepEqual(JSON.parse(answer.body), {
        errors: { files: "Файл «big.pdf» не принят: файлы вместе — не более 10 МБ." },
      });
      assert.equal(answer.connection, "close");
      assert.ok(sent < uploadBytes, "the upload was cut off before it was all sent");
      assert.equal((await data.appeals.list()).length, before);
    },
  );
}

test("an appeal refused at its first file, 9 MB more behind it, is answered to a client that sends it all before it reads: the page and the API", async () => {
  const before = (await data.appeals.list()).length;
  const { payload, contentType } = await multipartBody(
    validAppeal({ last_name: "Досылаева", consent: true }),
    [
      { name: "отчёт.pdf", content: sampleExecutable, type: "application/pdf" },
      { name: "скан.pdf", content: pdfOfSize(9 * 1024 * 1024), type: "application/pdf" },
    ],
  );
  const page = await sendAllThenRead("/appeals", contentType, payload);
  assert.match(page, /^HTTP\/1\.1 415 /);
  assert.ok(page.includes(appealFileMessages.wrongType("отчёт.pdf")), page.slice(0, 200));
  assert.ok(page.includes('value="Досылаева"'), "the text typed is kept");
  const api = await sendAllThenRead("/api/users/appeals/", contentType, payload);
  assert.match(api, /^HTTP\/1\.1 415 /);
  assert.ok(
    api.endsWith(JSON.stringify({ errors: { files: appealFileMessages.wrongType("отчёт.pdf") } })),
  );
  assert.equal((await data.appeals.list()).length, before);
});

/**
 * Sends a POST of `body` over a plain socket and reads only once all of it is written, as a
 * client (or a proxy) that reads the answer after the request does: what came back, or the
 * error that ended the connection.
 */
async function sendAllThenRead(path: string, contentType: string, body: Buffer): Promise<string> {
  const { host, port } = new URL(server.baseUrl);
  const socket = connect(Number(port), "127.0.0.1");
  socket.pause();
  const received: Buffer[] = [];
  const answered = new Promise<string>((resolve) => {
    socket.on("data", (chunk: Buffer) => received.push(chunk));
    socket.on("error", (error) =>
      resolve(`${error.message} (${Buffer.concat(received).length} bytes read)`),
    );
    socket.on("end", () => resolve(Buffer.concat(received).toString("utf8")));
  });
  const head = `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${server.baseUrl}\r\nConnection: close\r\nContent-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`;
  const sent = await new Promise<Error | undefined>((resolve) => {
    socket.write(head);
    socket.write(body, (error) => resolve(error ?? undefined));
  });
  socket.resume();
  const answer = await answered;
  return sent ? `${sent.message}; ${answer}` : answer;
}

type StreamedAnswer = { status: number; body: string; connection: string; sent: number };

/** The connection was reset before the client had read the answer (see `streamUpload`). */
class AnswerLost extends Error {}

/**
 * Streams `head` and then 200 MB of spaces to `url`, until the server answers or closes: the
 * answer, and how many bytes of the 200 MB the client had written by then.
 *
 * The server answers 413 and closes with the rest of the upload unread; the kernel then resets
 * the connection, and a reset that reaches the client before it has read the answer discards it
 * (ECONNRESET, no response). On a loaded machine the client's reads come late, and the test
 * process once waited forever for an answer so lost (ci14, no timer or socket left). Such a run
 * is sent again, up to three times; nginx in front lingers over the unread rest, so a visitor
 * never meets the reset (decision 0046).
 */
async function streamUpload(
  url: string,
  headers: Record<string, string>,
  head: Buffer,
  declareLength = true,
): Promise<StreamedAnswer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await streamUploadOnce(url, headers, head, declareLength);
    } catch (error) {
      if (!(error instanceof AnswerLost) || attempt === 3) throw error;
      console.log(`200 MB upload: the answer was lost to the reset (attempt ${attempt}), again`);
    }
  }
}

function streamUploadOnce(
  url: string,
  headers: Record<string, string>,
  head: Buffer,
  declareLength = true,
): Promise<StreamedAnswer> {
  const chunk = Buffer.alloc(256 * 1024, 0x20);
  let sent = 0;
  let responded = false;
  return new Promise((resolve, reject) => {
    const upload = request(
      url,
      {
        method: "POST",
        headers: {
          origin: server.baseUrl,
          ...headers,
          ...(declareLength ? { "content-length": String(head.length + uploadBytes) } : {}),
        },
      },
      (response) => {
        responded = true;
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (text: string) => {
          body += text;
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body,
            connection: String(response.headers.connection),
            sent,
          }),
        );
        // A reset in the middle of the answer: lost as well.
        response.on("error", (error) => reject(new AnswerLost(error.message)));
      },
    );
    // The server closing mid-upload is the point: the client's write errors are expected, but
    // one before any answer came means the answer was lost to the reset.
    upload.on("error", (error) => {
      if (!responded) reject(new AnswerLost(error.message));
    });
    upload.on("close", () => {
      if (!responded) reject(new AnswerLost("closed before an answer"));
    });
    upload.write(head);
    const pump = () => {
      while (sent < uploadBytes && !upload.destroyed) {
        sent += chunk.length;
        if (!upload.write(chunk)) return void upload.once("drain", pump);
      }
      if (!upload.destroyed) upload.end();
    };
    pump();
  });
}
