/**
 * The heads' reply templates: everyone who writes answers reads them, heads keep them. Each
 * change is audited.
 */
import type { ReplyTemplateForm } from "../../../domain/staff/reply-template-form.ts";
import type { ActionResult } from "../../../domain/staff/staff-ports.ts";
import { can, roleRefusal, type StaffViewer } from "../../../domain/staff/staff-roles.ts";
import { eventEntry } from "../../db/audit-repository.ts";
import type { DataLayer } from "../../db/data-layer.ts";
import type { ReplyTemplate } from "../../db/reply-templates-repository.ts";

export function createReplyTemplateService(deps: {
  data: Pick<DataLayer, "transaction" | "replyTemplates" | "audit">;
  now?: () => Date;
}) {
  const { data } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    async list(viewer: StaffViewer): Promise<ReplyTemplate[]> {
      if (!can(viewer.role, "answer") && !can(viewer.role, "manage-templates")) return [];
      return data.replyTemplates.list();
    },

    async change(viewer: StaffViewer, form: ReplyTemplateForm): Promise<ActionResult> {
      if (!can(viewer.role, "manage-templates")) {
        return { ok: false, status: 403, message: roleRefusal };
      }
      const at = now();
      const done = await data.transaction(async (tx) => {
        if (form.intent === "delete-template") {
          if (!(await data.replyTemplates.remove(form.id, tx))) return "missing";
          await data.audit.record(
            eventEntry(at, viewer.login, "delete-template", `шаблон ${form.id}`),
            tx,
          );
          return "done";
        }
        const saved = await data.replyTemplates.save(
          { id: form.id, title: form.title, text: form.text, by: viewer.login, at },
          tx,
        );
        if (!saved) return "clash";
        await data.audit.record(eventEntry(at, viewer.login, "save-template", form.title), tx);
        return "done";
      });
      if (done === "missing") return { ok: false, status: 404, message: "Шаблон не найден." };
      if (done === "clash") {
        return {
          ok: false,
          status: 409,
          message: "Шаблон с таким названием уже есть (или не найден).",
        };
      }
      return { ok: true };
    },
  };
}

export type ReplyTemplateService = ReturnType<typeof createReplyTemplateService>;
