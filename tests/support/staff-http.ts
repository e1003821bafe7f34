// For tests against a server process: a staff member's browser over real HTTP (fetch), with its
// cookies and the CSRF token of the last page it opened; the answer form posted as multipart.
import assert from "node:assert/strict";
import { answerFormData, decodeHtml } from "./staff-test-app.ts";

export type AnswerFile = { name: string; content: Uint8Array; type?: string };

export class StaffHttpBrowser {
  readonly baseUrl: string;
  private readonly cookies = new Map<string, string>();
  csrfToken = "";
  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  private cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  private remember(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const [name = "", value = ""] = pair.split("=");
      if (value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** Opens a page; keeps its cookies and its form's token. */
  async get(path: string): Promise<{ status: number; html: string }> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      redirect: "manual",
      headers: { cookie: this.cookieHeader() },
    });
    this.remember(response);
    const html = await response.text();
    const token = /<input type="hidden" name="_csrf" value="([^"]*)"/.exec(html)?.[1];
    if (token) this.csrfToken = decodeHtml(token);
    return { status: response.status, html };
  }

  async signIn(login: string, password: string) {
    await this.get("/staff/login");
    const response = await this.postForm("/staff/login", { login, password });
    this.remember(response);
    const body = await response.text();
    assert.equal(
      response.status,
      302,
      `signed in: ${/role="alert"[^>]*>([^<]*)/.exec(body)?.[1] ?? ""}`,
    );
    await this.get("/staff");
  }

  /** The answer form as a browser sends it: the token first, the fields, then the files. */
  async postAnswer(
    appealId: string,
    fields: Record<string, string>,
    files: readonly AnswerFile[],
    signal?: AbortSignal,
  ): Promise<{ status: number; html: string }> {
    const form = answerFormData(this.csrfToken, fields, files);
    const response = await fetch(`${this.baseUrl}/staff/appeals/${appealId}/answer`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: this.baseUrl, cookie: this.cookieHeader() },
      body: form,
      signal,
    });
    return { status: response.status, html: await response.text() };
  }

  /** A small form posted as a browser posts it, with the token of the last page opened. */
  async post(
    path: string,
    fields: Record<string, string>,
  ): Promise<{ status: number; html: string }> {
    const response = await this.postForm(path, fields);
    return { status: response.status, html: await response.text() };
  }

  /** The url-encoded POST a browser sends, with the token of the last page opened. */
  private postForm(path: string, fields: Record<string, string>): Promise<Response> {
    return fetch(`${this.baseUrl}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: this.baseUrl,
        cookie: this.cookieHeader(),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ ...fields, _csrf: this.csrfToken }).toString(),
    });
  }

  /** The cookie header of this browser, for a request made by hand (a streamed upload). */
  get cookie(): string {
    return this.cookieHeader();
  }
}
