import assert from "node:assert/strict";
import { test } from "node:test";
import type { StructureContent } from "./structure-content.ts";
import { chartUpload, structureForm } from "./structure-form.ts";

const structure: StructureContent = {
  director: {
    position: "Директор",
    fullName: "Иванов Иван Иванович",
    sampleNotice: "Образец текста.",
    biography: ["Окончил вуз.", "Руководит учреждением."],
  },
  chart: { sampleNotice: "", href: "/images/organisation-chart.svg", alt: "Схема структуры" },
};

const fieldsOf = (values: Record<string, string>) => new URLSearchParams(values);

test("the structure goes through the form and back unchanged; a paragraph a line", () => {
  const values = structureForm.valuesOf(structure);
  assert.equal(values.biography, "Окончил вуз.\nРуководит учреждением.");
  assert.deepEqual(structureForm.check(structureForm.read(fieldsOf(values))), {
    ok: true,
    content: structure,
  });
});

test("the chart takes a picture only; a picture kept replaces the build's", () => {
  assert.deepEqual(structureForm.files?.accepts(chartUpload)?.formats, ["JPEG", "PNG", "WEBP"]);
  assert.equal(structureForm.files?.accepts("chartAlt"), undefined);
  const href = "/files/01938b6e-5f4a-7c3d-9e2b-1a2b3c4d5e6f/chart.png";
  const values = structureForm.valuesOf(structure);
  const kept = structureForm.files?.attach(values, chartUpload, {
    href,
    fileName: "chart.png",
    format: "PNG",
    bytes: 500,
    warnings: [],
  });
  const checked = structureForm.check(structureForm.read(fieldsOf(kept ?? values)));
  assert.ok(checked.ok);
  assert.deepEqual(checked.content.chart.file, { format: "PNG", bytes: 500, warnings: [] });
  // A PDF's facts forged into the hidden field: refused beside the file input.
  const forged = {
    ...values,
    chartHref: href,
    chartFile: '{"format":"PDF","bytes":5,"warnings":[]}',
  };
  const refused = structureForm.check(structureForm.read(fieldsOf(forged)));
  assert.ok(!refused.ok);
  assert.equal(refused.errors.byField[chartUpload], "Схема — это картинка JPEG, PNG или WEBP.");
  const noWords = structureForm.check(structureForm.read(fieldsOf({ ...values, chartAlt: " " })));
  assert.ok(!noWords.ok);
  assert.match(noWords.errors.byField.chartAlt ?? "", /^Опишите схему словами/);
});
