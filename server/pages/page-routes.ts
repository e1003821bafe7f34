/**
 * The route table of every page the server renders, public and staff: its address, its methods,
 * how a POST's body is read, and who may come. The door (page-door.ts) registers each row; a new
 * page or form is a new row here and a route module in app/routes/, nothing else.
 */
import { signInPath } from "../../domain/pages/page-context.ts";
import {
  answerFileRules,
  appealFileRules,
  type FileRules,
  siteFileRules,
} from "../attachments/upload-rules.ts";
import { bodyLimits } from "../http/body-limits.ts";
import { formMessages } from "../http/problem-answer.ts";

/** How a POST's body is read: url-encoded up to `limit` bytes, and/or multipart by `files`. */
type BodyReading = { urlEncoded: { limit: number }; multipart?: FileRules };

/**
 * Who may come: anyone (`public`); anyone, with the staff cookies and CSRF (`sign-in`, the sign-in
 * page); a signed-in staff member (`staff`). What their role may do on a page, the page's loader
 * and action ask `requireStaff` (domain/pages/page-context.ts) and say in the page's own words;
 * the staff files (staff-files.ts) name the capability they need.
 */
type Access = { kind: "public" } | { kind: "sign-in" } | { kind: "staff" };

/** The Russian words of a body refused before a route reads it. */
export type BodyRefusals = { tooLarge: string; unsupportedType: string; badRequest: string };

export type PageRoute = {
  path: string;
  methods: ReadonlyArray<"GET" | "POST">;
  body: BodyReading;
  access: Access;
  refusals: BodyRefusals;
  /** Headers the page's answer carries besides the door's (e.g. not indexed). */
  headers?: Readonly<Record<string, string>>;
};

const notIndexed = { "x-robots-tag": "noindex, nofollow" } as const;

const staffRefusals: BodyRefusals = {
  tooLarge: formMessages.tooLarge,
  unsupportedType: "Неподдерживаемый формат запроса.",
  badRequest: formMessages.unreadable,
};

const staffForm: BodyReading = { urlEncoded: { limit: bodyLimits.default } };
const staff: Access = { kind: "staff" };

/**
 * A page with the appeal form, posted without JavaScript. The form with files (decision 0045)
 * posts multipart; without files a browser may send either.
 */
function appealFormPost(path: string): PageRoute {
  return {
    path,
    methods: ["POST"],
    body: { urlEncoded: { limit: bodyLimits.appealForm }, multipart: appealFileRules },
    access: { kind: "public" },
    refusals: {
      tooLarge: "Обращение слишком большое. Сократите текст и отправьте его ещё раз.",
      unsupportedType:
        "Неподдерживаемый формат запроса: форма обращения отправляется как multipart/form-data или application/x-www-form-urlencoded.",
      badRequest: formMessages.unreadable,
    },
  };
}

export const pageRoutes: readonly PageRoute[] = [
  // The appeal form posted without JavaScript; the page itself is prerendered (GET never here).
  appealFormPost("/appeals"),
  // Issue 29: the same form on the corruption report's page, its topic chosen (decision 0044).
  appealFormPost("/appeals/corruption_report"),
  {
    path: "/appeals/status",
    methods: ["GET", "POST"],
    body: { urlEncoded: { limit: bodyLimits.statusLookup } },
    access: { kind: "public" },
    refusals: {
      tooLarge: "Запрос слишком большой.",
      unsupportedType: "Форма отправляется как application/x-www-form-urlencoded.",
      badRequest: formMessages.unreadable,
    },
    headers: notIndexed,
  },
  {
    path: "/appeals/review",
    methods: ["GET"],
    body: { urlEncoded: { limit: bodyLimits.default } },
    access: { kind: "public" },
    refusals: staffRefusals,
  },
  // The site's search (issue 29): a GET form; what was typed is never logged (request-log.ts).
  {
    path: "/search",
    methods: ["GET"],
    body: { urlEncoded: { limit: bodyLimits.default } },
    access: { kind: "public" },
    refusals: staffRefusals,
    headers: notIndexed,
  },
  {
    path: signInPath,
    methods: ["GET", "POST"],
    body: staffForm,
    access: { kind: "sign-in" },
    refusals: staffRefusals,
  },
  // The answer form: its text and files (multipart); the page is the appeal's.
  {
    path: "/staff/appeals/:id/answer",
    methods: ["GET", "POST"],
    body: { ...staffForm, multipart: answerFileRules },
    access: staff,
    refusals: staffRefusals,
  },
  // The editors of the site's pages with files (decision 0036): their fields and uploads.
  ...[
    "/staff/site/documents",
    "/staff/site/applications",
    "/staff/site/structure",
    "/staff/site/contacts",
    // An announcement's picture (decision 0040).
    "/staff/site/news",
  ].map(
    (path): PageRoute => ({
      path,
      methods: ["GET", "POST"],
      body: { ...staffForm, multipart: siteFileRules },
      access: staff,
      refusals: staffRefusals,
    }),
  ),
  // Every other staff page: React Router answers an unknown one with its own 404.
  {
    path: "/staff",
    methods: ["GET", "POST"],
    body: staffForm,
    access: staff,
    refusals: staffRefusals,
  },
  {
    path: "/staff/*",
    methods: ["GET", "POST"],
    body: staffForm,
    access: staff,
    refusals: staffRefusals,
  },
];
