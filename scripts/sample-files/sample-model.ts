/**
 * What a generated sample file says, independent of its format: the PDF, DOCX and XLSX writers
 * all render this one model, so a form's Word and PDF versions carry the same text.
 */
type SampleTable = { headers: string[]; rows: string[][] };

export type SampleContent = {
  /** First line of every sample: says the file is a sample, not the official document. */
  notice: string;
  organisation: string;
  title: string;
  paragraphs: string[];
  /** Labels of blank fields to fill in (forms) or filled label/value pairs (requisites). */
  fields?: { label: string; value?: string }[];
  table?: SampleTable;
};

export const documentNotice = "ОБРАЗЕЦ. Официальный документ будет размещён учреждением.";
export const formNotice = "ОБРАЗЕЦ. Официальный бланк будет размещён учреждением.";
export const requisitesNotice = "ОБРАЗЕЦ. Действующие реквизиты будут размещены учреждением.";

/** Fixed timestamp for every generated file, so regenerating does not change unchanged files. */
export const sampleDate = new Date(Date.UTC(2025, 0, 1, 0, 0, 0));
