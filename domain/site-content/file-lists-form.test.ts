import assert from "node:assert/strict";
import { test } from "node:test";
import type { ApplicationsContent, DocumentsContent } from "./file-lists-content.ts";
import {
  applicationsForm,
  documentsForm,
  type FileListValues,
  groupFieldName,
  rowFieldName,
} from "./file-lists-form.ts";

/** Documents shaped as the page's (domain/ stands below content/: its own sample here). */
const documents: DocumentsContent = {
  groups: [
    {
      id: "staff",
      title: "Документы учреждения",
      documents: [
        { title: "Устав", href: "/docs/ustav.pdf" },
        { title: "Кодекс этики", href: "/docs/kodeks-etiki.pdf" },
      ],
    },
  ],
};

const uploaded = {
  href: "/files/01938b6e-5f4a-7c3d-9e2b-1a2b3c4d5e6f/%D0%A3%D1%81%D1%82%D0%B0%D0%B2.pdf",
  fileName: "Устав.pdf",
  format: "PDF" as const,
  bytes: 2048,
  warnings: ["PDF без тегов"],
};

/** The fields a browser posts for these values. */
function fieldsOf(values: FileListValues): URLSearchParams {
  const fields = new URLSearchParams({ gcount: String(values.groups.length) });
  values.groups.forEach((group, index) => {
    fields.set(groupFieldName(index, "id"), group.id);
    fields.set(groupFieldName(index, "title"), group.title);
    fields.set(`r${index}count`, String(group.rows.length));
    group.rows.forEach((row, rowIndex) => {
      for (const [field, value] of Object.entries(row)) {
        fields.set(rowFieldName(index, rowIndex, field), value);
      }
    });
  });
  return fields;
}

test("the documents go through the form and back unchanged", () => {
  const values = documentsForm.read(fieldsOf(documentsForm.valuesOf(documents)));
  assert.deepEqual(documentsForm.check(values), { ok: true, content: documents });
});

test("a file kept goes into its row with its facts; the page's content carries them", () => {
  const values = documentsForm.valuesOf(documents);
  assert.deepEqual(documentsForm.files?.accepts("r0.1.href.upload")?.formats.length, 8);
  assert.equal(documentsForm.files?.accepts("r0.1.title"), undefined);
  const attached = documentsForm.files?.attach(values, "r0.1.href.upload", uploaded);
  const checked = documentsForm.check(documentsForm.read(fieldsOf(attached as FileListValues)));
  assert.ok(checked.ok);
  assert.deepEqual(checked.content.groups[0]?.documents[1], {
    title: "Кодекс этики",
    href: uploaded.href,
    file: { format: "PDF", bytes: 2048, warnings: ["PDF без тегов"] },
  });
});

test("a new row without a file, an address without its facts, an empty group are refused in place", () => {
  const added = documentsForm.change(documentsForm.valuesOf(documents), "add:r0");
  assert.equal(added?.groups[0]?.rows.length, 3);
  const newGroup = documentsForm.change(added as FileListValues, "add:g");
  const values = newGroup as FileListValues;
  const rows = values.groups[0]?.rows ?? [];
  rows[2] = { title: "Положение", href: "", file: "" };
  rows[0] = { title: "Устав", href: uploaded.href, file: "" };
  const group = values.groups[1];
  if (group) group.rows = [];
  const checked = documentsForm.check(documentsForm.read(fieldsOf(values)));
  assert.ok(!checked.ok);
  assert.deepEqual(checked.errors.byField, {
    "r0.0.href.upload": "Загрузите файл ещё раз.",
    "r0.2.href.upload": "Загрузите файл.",
    "g1.title": "Укажите название группы.",
  });
  assert.deepEqual(documentsForm.place("r0.2.href.upload"), {
    id: "r0-2-href-upload",
    label: "Группа 1, документ 3: файл документа",
  });
});

test("a blank form's PDF place takes a PDF only, its editable place the office formats", () => {
  const applications: ApplicationsContent = {
    groups: [
      {
        id: "lab",
        title: "Испытательный центр",
        forms: [
          {
            id: "request",
            title: "Заявка",
            editableHref: "/forms/zayavka.xlsx",
            pdfHref: "/forms/zayavka.pdf",
          },
        ],
      },
    ],
  };
  const values = applicationsForm.read(fieldsOf(applicationsForm.valuesOf(applications)));
  assert.deepEqual(applicationsForm.check(values), { ok: true, content: applications });
  assert.deepEqual(applicationsForm.files?.accepts("r0.0.pdfHref.upload")?.formats, ["PDF"]);
  assert.deepEqual(applicationsForm.files?.accepts("r0.0.editableHref.upload")?.formats, [
    "DOCX",
    "XLSX",
    "ODT",
    "ODS",
  ]);
  const added = applicationsForm.change(values, "add:r0");
  assert.equal(added?.groups[0]?.rows[1]?.id, "form-2");
});
